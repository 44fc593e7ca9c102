import type { JobContext, JobDefinition } from '../../../server/plugin-api';
import { historyRetention } from '../../accounts/server/extension-points';

export const PRUNE_AUDIT_JOB = 'audit.prune';

const DAY_MS = 24 * 60 * 60 * 1000;

type PruneContext = Pick<JobContext, 'db' | 'extensions' | 'log'>;

/** The days an account's entries are kept: the smallest contribution's answer, null for good. */
export async function retentionDaysOf(ctx: Pick<JobContext, 'db' | 'extensions'>, accountId: string) {
  const answers = await Promise.all(
    ctx.extensions.contributions(historyRetention).map((policy) => policy.days(accountId, { db: ctx.db })),
  );
  const days = answers.filter((answer): answer is number => answer !== null);
  return days.length > 0 ? Math.min(...days) : null;
}

/**
 * Removes, account by account, the entries older than the account's plan keeps at `now`
 * (injectable: tests move the clock on). Each account's delete is one transaction that names the
 * account and the cut-off for the append-only trigger (audit-migrations.ts), so nothing else can
 * go, not even by a mistake in this query. Returns the entries removed.
 */
export async function pruneAuditEntries(ctx: PruneContext, now: Date): Promise<number> {
  const { rows: accounts } = await ctx.db.query<{ accountId: string }>(
    'SELECT DISTINCT account_id::text AS "accountId" FROM audit_entries',
  );
  let removed = 0;
  for (const { accountId } of accounts) {
    const days = await retentionDaysOf(ctx, accountId);
    if (days === null) continue;
    const before = new Date(now.getTime() - days * DAY_MS).toISOString();
    removed += await ctx.db.transaction(async (tx) => {
      await tx.query("SELECT set_config('polycue.pruning_account', $1, true)", [accountId]);
      await tx.query("SELECT set_config('polycue.pruning_before', $1, true)", [before]);
      const result = await tx.query('DELETE FROM audit_entries WHERE account_id = $1 AND occurred_at < $2', [
        accountId,
        before,
      ]);
      return result.rowCount ?? 0;
    });
  }
  if (removed > 0) ctx.log.info({ entries: removed }, 'audit entries past their plan’s retention removed');
  return removed;
}

/** `audit.prune {}`: nightly on pg-boss's clock (one worker runs each tick). */
export const pruneAuditJob: JobDefinition = {
  name: PRUNE_AUDIT_JOB,
  cron: '17 4 * * *',
  expireInSeconds: 60 * 60,
  handler: async (_data, ctx) => void (await pruneAuditEntries(ctx, new Date())),
};
