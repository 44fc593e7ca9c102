import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The isolation sweep's rows of the billing plugin: the owner account's subscription (Pro, local,
 * so the owner's change to Starter and cancel succeed) and an open local checkout.
 */
export default defineIsolationFixtures({
  async seed({ db, accountId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO billing_subscriptions (account_id, provider, external_id, plan, status, current_period_start, current_period_end, provider_version)
       VALUES ($1, 'local', $2, 'pro', 'active', now(), now() + interval '1 month', now()) RETURNING id::text AS id`,
      [accountId, `lsub_${tag}`],
    );
    const checkoutSessionId = `lcs_${tag
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 60)
      .padEnd(10, 'x')}`;
    await db.query(
      `INSERT INTO billing_local_checkouts (id, account_id, plan, expires_at) VALUES ($1, $2, 'starter', now() + interval '1 day')`,
      [checkoutSessionId, accountId],
    );
    return { subscriptionId: rows[0].id, checkoutSessionId };
  },
});
