import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { pruneAuditEntries, retentionDaysOf } from '../../plugins/audit/server/audit-retention';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

// @needs-plugins audit billing (the log, and the plans that set how long it keeps): scripts/check-plugin-removal.mjs leaves this file out without them.

const DAY = 86_400_000;

const pruneContext = (ctx: TestAppContext) => ({
  db: ctx.db,
  extensions: ctx.app.extensions,
  log: { info: () => {}, error: () => {} },
});

/** An entry as the recorder writes it, dated `daysAgo` before now (inserting is all the log allows). */
async function entry(ctx: TestAppContext, accountId: string, daysAgo: number, action = 'labels.deleted') {
  await ctx.db.query(`INSERT INTO audit_entries (account_id, occurred_at, action, event_id) VALUES ($1, $2, $3, $4)`, [
    accountId,
    new Date(Date.now() - daysAgo * DAY).toISOString(),
    action,
    randomUUID(),
  ]);
}

const ageOf = async (ctx: TestAppContext, accountId: string) =>
  (
    await ctx.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM now() - occurred_at) / 86400)::int AS days
         FROM audit_entries WHERE account_id = $1 ORDER BY occurred_at`,
      [accountId],
    )
  ).rows.map((row) => row.days);

async function onPlan(ctx: TestAppContext, accountId: string, plan: string) {
  await ctx.db.query(
    `INSERT INTO billing_subscriptions (account_id, provider, external_id, plan, status, current_period_start,
       current_period_end, provider_version)
     VALUES ($1, 'local', $2, $3, 'active', now() - interval '1 day', now() + interval '29 days', now())`,
    [accountId, randomUUID(), plan],
  );
}

describeOnBothDatabases('audit log retention per plan', (ctx) => {
  it('the nightly prune keeps 90 days on Free and 730 on Pro; nothing else may delete an entry', async () => {
    const free = await confirmedUser(ctx);
    const pro = await confirmedUser(ctx);
    await onPlan(ctx, pro.accountId, 'pro');
    expect(await retentionDaysOf(pruneContext(ctx), free.accountId)).toBe(90);
    expect(await retentionDaysOf(pruneContext(ctx), pro.accountId)).toBe(730);
    for (const account of [free, pro])
      for (const daysAgo of [400, 120, 30]) await entry(ctx, account.accountId, daysAgo);
    const freeBefore = (await ageOf(ctx, free.accountId)).filter((days) => days < 90);

    // Tonight: Free loses what is older than 90 days (the sign-up's own entries are newer); Pro keeps all.
    expect(await pruneAuditEntries(pruneContext(ctx), new Date())).toBe(2);
    expect((await ageOf(ctx, free.accountId)).every((days) => days < 90)).toBe(true);
    expect(await ageOf(ctx, free.accountId)).toEqual(freeBefore);
    expect((await ageOf(ctx, pro.accountId)).filter((days) => days >= 30)).toEqual([400, 120, 30]);
    // A year on, Pro's 400-day-old entry is past 730 days: it goes, the rest stays.
    expect(await pruneAuditEntries(pruneContext(ctx), new Date(Date.now() + 365 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await ageOf(ctx, pro.accountId)).not.toContain(400);
    expect(await ageOf(ctx, pro.accountId)).toContain(120);

    // The prune's exception is its own transaction's: a plain delete of an old entry is still refused.
    await entry(ctx, free.accountId, 500);
    await expect(
      ctx.db.query("DELETE FROM audit_entries WHERE account_id = $1 AND occurred_at < now() - interval '400 days'", [
        free.accountId,
      ]),
    ).rejects.toThrow(/append-only/);
    // And a prune of one account cannot take another's: naming Free, the cut-off does not reach Pro's rows.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('polycue.pruning_account', $1, true)", [free.accountId]);
        await tx.query("SELECT set_config('polycue.pruning_before', $1, true)", [new Date().toISOString()]);
        await tx.query('DELETE FROM audit_entries WHERE account_id = $1', [pro.accountId]);
      }),
    ).rejects.toThrow(/append-only/);
  });
});
