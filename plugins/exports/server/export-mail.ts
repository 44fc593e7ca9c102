import type { JobContext } from '../../../server/plugin-api';
import type { ExportationRecord } from './exportation-repository';

/**
 * "Your export is ready" to whoever asked for it, sent once, after the row is marked done (as the
 * pipeline's ready mail: never inside a transaction). The link opens home, where the progress
 * panel still follows the export and offers its download: a download link in the mail itself
 * would need the session anyway, and home is where the export was asked for.
 */
export async function mailExportReady(ctx: JobContext, row: ExportationRecord): Promise<void> {
  if (!row.userId) return;
  const { rows } = await ctx.db.query<{ email: string; name: string | null }>(
    'SELECT email, name FROM users WHERE id = $1',
    [row.userId],
  );
  if (!rows[0]) return;
  await ctx.mailer.enqueue({
    to: rows[0].email,
    subject: `Your export "${row.title}" is ready`,
    text:
      `Hello${rows[0].name ? ` ${rows[0].name}` : ''},\n\n` +
      `Polycue has finished your export "${row.title}". Download it from the progress panel:\n${ctx.config.publicUrl}/\n`,
  });
}
