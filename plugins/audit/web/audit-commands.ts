import type { Command, CommandContext } from '../../../core';
import { AUDIT_LOG_PAGE } from '../common/audit-contract';
import { exportUrl } from './audit-log-model';
import { matchingCommands } from '../../../core/model/matching-commands';

/**
 * The audit log's palette commands, offered by a command provider (index.ts) so their code and
 * words stay out of the initial JavaScript, whose budget is full: they appear once two
 * characters are typed ("audit", "export", "security log").
 */
export function auditCommands(ctx: CommandContext, search: string): Command[] {
  const { when } = ctx;
  if (!when.isMember || !when.isAccountAdmin || !when.accountId) return [];
  const accountId = when.accountId;
  const exportAs = (format: 'csv' | 'json'): Command => ({
    id: `audit.export${format === 'csv' ? 'Csv' : 'Json'}`,
    title: `Export audit log as ${format.toUpperCase()}`,
    group: 'Account',
    keywords: ['audit', 'security', 'log', 'download', format],
    // The server answers with an attachment: the browser saves it and stays on the page.
    run: () => window.location.assign(exportUrl(accountId, format)),
  });
  return matchingCommands(
    [
      {
        id: 'audit.open',
        title: 'Open audit log',
        group: 'Account',
        keywords: ['audit', 'security', 'log', 'who did what', 'history'],
        run: (c) => c.navigate(AUDIT_LOG_PAGE),
      },
      exportAs('csv'),
      exportAs('json'),
    ],
    search,
  );
}
