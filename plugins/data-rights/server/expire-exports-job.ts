import type { JobContext, JobDefinition } from '../../../server/plugin-api';
import { AccountExportRepository } from './account-export-repository';

export const EXPIRE_EXPORTS_JOB = 'data-rights.expireExports';

/** Removes the zips of exports made more than 7 days before `now` (injectable for tests); the rows stay, marked expired. */
export async function expireAccountExports(ctx: Pick<JobContext, 'db' | 'storage'>, now: Date): Promise<number> {
  const exports = new AccountExportRepository(ctx.db);
  const due = await exports.expired(now);
  for (const row of due) {
    if (row.fileKey) await ctx.storage.delete(row.fileKey);
    await exports.markExpired(row.id);
  }
  return due.length;
}

export const expireExportsJob: JobDefinition = {
  name: EXPIRE_EXPORTS_JOB,
  cron: '17 * * * *',
  handler: async (_data, ctx) => void (await expireAccountExports(ctx, new Date())),
};
