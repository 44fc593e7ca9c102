import type { Command, CommandContext } from '../../../core';
import { matchingCommands } from '../../../core/model/matching-commands';
import { WEBHOOKS_PAGE } from '../common/webhooks-contract';

/**
 * "Webhooks" (the page) and, for account admins, "New webhook…" (the page with the URL field
 * focused), offered by a command provider: they appear once two characters are typed.
 */
export function webhooksCommands(ctx: CommandContext, search: string): Command[] {
  const { when } = ctx;
  if (!when.isMember || !when.workspaceId) return [];
  const keywords = ['webhook', 'webhooks', 'events', 'integration', 'callback', 'http'];
  const commands: Command[] = [
    { id: 'webhooks.open', title: 'Webhooks', group: 'Workspace', keywords, run: (c) => c.navigate(WEBHOOKS_PAGE) },
  ];
  if (when.isAccountAdmin)
    commands.push({
      id: 'webhooks.create',
      title: 'New webhook…',
      group: 'Workspace',
      keywords: [...keywords, 'add', 'create'],
      run: (c) => c.navigate(`${WEBHOOKS_PAGE}?new=1`),
    });
  return matchingCommands(commands, search);
}
