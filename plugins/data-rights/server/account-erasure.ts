import type { AccountDataRegistry, JobContext, JobDefinition, Queryable } from '../../../server/plugin-api';
import { ACCOUNT_ERASED } from '../common/data-rights-events';
import { AccountDeletionRepository } from './account-deletion-repository';

export type ErasureContext = Pick<JobContext, 'db' | 'storage' | 'extensions' | 'events' | 'log'> & {
  accountData: AccountDataRegistry;
};

/** The rows that hold the others: deleted last, so every other table's condition still finds its rows. */
const LAST = ['workspaces', 'accounts'];

/**
 * The transaction setting the audit log's trigger reads (plugins/audit, its erasure migration): while
 * it names an account, that account's entries may be deleted, by this transaction only.
 */
const ERASING_SETTING = 'polycue.erasing_account';

/** Deletes every row of the account every plugin declares (people outlive it), then says it happened. */
async function eraseRows(tx: Queryable, ctx: ErasureContext, accountId: string): Promise<Record<string, number>> {
  await tx.query('SELECT set_config($1, $2, true)', [ERASING_SETTING, accountId]);
  const tables = ctx.accountData
    .tables()
    .filter(({ spec }) => spec.ofAccount && !spec.outlivesAccount)
    .sort((a, b) => LAST.indexOf(a.table) - LAST.indexOf(b.table));
  const counts: Record<string, number> = {};
  for (const { table, spec } of tables) {
    const { rowCount } = await tx.query(`DELETE FROM "${table}" WHERE ${spec.ofAccount}`, [accountId]);
    counts[table] = rowCount;
  }
  await tx.query('SELECT set_config($1, $2, true)', [ERASING_SETTING, '']);
  // Written after the rest is gone, and all that stays: the audit log's entry of it (no actor, no address).
  await ctx.events.publish(tx, ACCOUNT_ERASED, { accountId }, { accountId });
  return counts;
}

/**
 * Erases an account: first its stored files (found from its rows, which must still be there: on
 * disk or S3, through Storage), then every declared row in one transaction. A crash between the
 * two leaves rows whose files are gone, and the next run erases them: the deletion row stays until
 * the transaction commits, so the job finds the account again.
 */
export async function eraseAccount(ctx: ErasureContext, accountId: string): Promise<void> {
  const keys = await ctx.accountData.keysOfAccount({ db: ctx.db, extensions: ctx.extensions }, accountId);
  for (const key of keys) await ctx.storage.delete(key);
  const counts = await ctx.db.transaction((tx) => eraseRows(tx, ctx, accountId));
  ctx.log.info({ accountId, files: keys.length, rows: counts }, 'account erased');
}

/** Erases every account whose grace period is over at `now` (injectable: tests move it 14 days on). */
export async function eraseDueAccounts(ctx: ErasureContext, now: Date): Promise<string[]> {
  const due = await new AccountDeletionRepository(ctx.db).due(now);
  for (const accountId of due) await eraseAccount(ctx, accountId);
  return due;
}

export const ERASE_DUE_JOB = 'data-rights.eraseDue';

export const eraseDueJob: JobDefinition = {
  name: ERASE_DUE_JOB,
  cron: '*/10 * * * *',
  expireInSeconds: 60 * 60,
  handler: async (_data, ctx) => void (await eraseDueAccounts(ctx, new Date())),
};
