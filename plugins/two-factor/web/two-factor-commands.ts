import type { Command, CommandContext } from '../../../core';
import { matchingCommands } from '../../../core/model/matching-commands';

/** Two-factor sign-in's palette commands, from a provider (index.ts): see audit-commands.ts for why. */
export function twoFactorCommands(ctx: CommandContext, search: string): Command[] {
  const { when } = ctx;
  if (!when.isAuthenticated) return [];
  const commands: Command[] = [
    {
      id: 'two-factor.setUp',
      title: 'Set up two-factor sign-in',
      group: 'Account',
      keywords: ['2fa', 'totp', 'authenticator', 'security', 'mfa', 'turn off'],
      run: (c) => c.navigate('/profile#two-factor'),
    },
    {
      id: 'two-factor.addPasskey',
      title: 'Add a passkey',
      group: 'Account',
      keywords: ['2fa', 'passkey', 'security key', 'webauthn', 'fido', 'yubikey', 'mfa'],
      run: (c) => c.navigate('/profile#passkeys'),
    },
    {
      id: 'two-factor.managePasskeys',
      title: 'Rename or remove passkeys',
      group: 'Account',
      keywords: ['2fa', 'passkey', 'security key', 'webauthn', 'delete', 'mfa'],
      run: (c) => c.navigate('/profile#passkeys'),
    },
  ];
  if (when.isMember && when.isAccountAdmin)
    commands.push({
      id: 'two-factor.requireForAccount',
      title: 'Require two-factor sign-in for members',
      group: 'Account',
      keywords: ['2fa', 'totp', 'security', 'mfa', 'policy'],
      run: (c) => c.navigate('/account#two-factor-policy'),
    });
  return matchingCommands(commands, search);
}
