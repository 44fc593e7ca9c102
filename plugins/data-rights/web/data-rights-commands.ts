import type { Command, CommandContext } from '../../../core';
import { matchingCommands } from '../../../core/model/matching-commands';
import { dataRightsModel } from './data-rights-model-loader';

/** Palette commands of data rights, from a provider (index.ts): see audit-commands.ts for why. */
export function dataRightsCommands(ctx: CommandContext, search: string): Command[] {
  const { when } = ctx;
  if (!when.isAuthenticated) return [];
  const commands: Command[] = [
    {
      id: 'data-rights.deleteUser',
      title: 'Delete my user…',
      group: 'Account',
      keywords: ['delete', 'erase', 'remove', 'user', 'profile', 'gdpr', 'leave'],
      run: (c) => c.navigate('/profile#delete-user'),
    },
  ];
  const accountId = when.accountId;
  if (when.isMember && when.isAccountAdmin && accountId)
    commands.push(
      {
        id: 'data-rights.exportAccount',
        title: 'Export account data',
        group: 'Account',
        keywords: ['export', 'download', 'take out', 'zip', 'backup', 'gdpr', 'data'],
        run: async (c) => {
          (await dataRightsModel.load(c.container)).exportRequested({ accountId, includeMedia: false });
        },
      },
      {
        id: 'data-rights.deleteAccount',
        title: 'Delete account…',
        group: 'Account',
        keywords: ['delete', 'erase', 'remove', 'account', 'close', 'gdpr'],
        run: (c) => c.navigate('/account#account-deletion'),
      },
    );
  return matchingCommands(commands, search);
}
