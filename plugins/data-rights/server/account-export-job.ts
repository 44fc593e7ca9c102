import type { JobContext, JobDefinition } from '../../../server/plugin-api';
import { AccountExportRepository } from './account-export-repository';
import { writeAccountZip } from './account-zip';

export const ACCOUNT_EXPORT_JOB = 'data-rights.export';

export interface AccountExportJobData {
  accountExportId: string;
}

/** `polycue-<account name>-<day>.zip`, in characters every file system takes. */
function zipName(accountName: string, day: Date): string {
  const safe =
    accountName
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'account';
  return `polycue-${safe}-${day.toISOString().slice(0, 10)}.zip`;
}

/**
 * One account export: the zip written into Storage as it is made (account-zip.ts), then the row
 * marked done (kept 7 days) and the person who asked mailed. Idempotent: a finished export is left
 * alone; an unfinished one is made again from the start into the same key.
 */
async function exportAccount(data: AccountExportJobData, ctx: JobContext): Promise<void> {
  const exports = new AccountExportRepository(ctx.db);
  const row = await exports.find(String(data.accountExportId));
  if (!row || !(await exports.start(row.id))) return;
  const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [row.accountId]);
  if (!rows[0]) return;
  const now = new Date();
  const name = zipName(rows[0].name, now);
  const key = `account-exports/${row.accountId}/${row.id}/${name}`;
  try {
    const ownKeys = new Set(
      (
        await ctx.db.query<{ key: string }>(
          'SELECT file_key AS key FROM data_rights_exports WHERE account_id = $1 AND file_key IS NOT NULL',
          [row.accountId],
        )
      ).rows.map((r) => r.key),
    );
    const zip = writeAccountZip(ctx, row.accountId, { includeMedia: row.includeMedia, ownKeys }, (fraction) => {
      void exports.setProgress(row.id, fraction).catch(() => {});
    });
    const [stored] = await Promise.all([ctx.storage.put(key, zip.stream, 'application/zip'), zip.ready]);
    if (await exports.finish(row.id, { key, name, size: stored.size }, now)) await mailReady(ctx, row.requestedBy);
  } catch (error) {
    if (ctx.shutdown.aborted) throw error;
    ctx.log.error({ err: error, accountExportId: row.id }, 'account export failed');
    await ctx.storage.delete(key).catch(() => {});
    await exports.fail(row.id, 'The export failed unexpectedly; please ask for a new one');
  }
}

/** "Your account export is ready": the link opens the account settings, where the zip is downloaded (with the session). */
async function mailReady(ctx: JobContext, userId: string | null): Promise<void> {
  if (!userId) return;
  const { rows } = await ctx.db.query<{ email: string; name: string | null }>(
    'SELECT email, name FROM users WHERE id = $1',
    [userId],
  );
  if (!rows[0]) return;
  await ctx.mailer.enqueue({
    to: rows[0].email,
    subject: 'Your account export is ready',
    text:
      `Hello${rows[0].name ? ` ${rows[0].name}` : ''},\n\n` +
      `The export of your Polycue account is ready. Download it from the account settings within 7 days:\n` +
      `${ctx.config.publicUrl}/account\n`,
  });
}

export const accountExportJob: JobDefinition<AccountExportJobData> = {
  name: ACCOUNT_EXPORT_JOB,
  handler: exportAccount,
  retryLimit: 2,
  expireInSeconds: 60 * 60,
};
