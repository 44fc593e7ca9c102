import type { JobContext, JobDefinition } from '../../../server/plugin-api';
import { WEBHOOK_ENDPOINT_DISABLED } from '../common/webhook-events';
import { DeliveryRepository, type ClaimedDelivery } from './delivery-repository';
import { deliveryTuningFromEnv, maxAttemptsOf, type DeliveryTuning } from './delivery-tuning';
import { mailEndpointDisabled } from './endpoint-disabled-mail';
import { DELIVER_JOB } from './webhook-outbox';
import { sendWebhook, type AttemptOutcome } from './webhook-sender';

/**
 * How long one job keeps taking due deliveries before it ends (its worker then polls again):
 * well under the job's expiry, and a stopping process gives the rest to another worker.
 */
const DRAIN_BUDGET_MS = 20_000;

/**
 * `webhooks.deliver`: drains due deliveries, one attempt each (the one named first, when a
 * re-send names one), until none is due or its time is up. Woken after each subscribed event
 * commits (webhook-outbox.ts), at each retry's time, and every minute (its cron: a lost
 * wake-up or a dead worker's claim costs a minute at most). Deliveries live in a table of their
 * own rather than one job each: they are the delivery log too, the outbox row is written by an
 * in-transaction subscriber (which has no job queue), and a job per delivery would be paced by
 * pg-boss's polling (each worker sleeps between fetches: about 20 deliveries a second measured,
 * against hundreds when a worker drains). The retry is scheduled here (`next_attempt_at`, and a
 * job that starts then), not by pg-boss's retries: the schedule spans more than a day and the
 * log shows when the next try comes.
 */
export const deliverJob: JobDefinition<{ deliveryId?: string }> = {
  name: DELIVER_JOB,
  cron: '* * * * *',
  // HTTP-bound: several drains at once per worker process, so one slow receiver holds few.
  concurrency: 8,
  retryLimit: 2,
  expireInSeconds: 120,
  async handler(data, ctx) {
    const tuning = deliveryTuningFromEnv();
    const deliveries = new DeliveryRepository(ctx.db);
    const holdSeconds = Math.ceil(tuning.timeoutMs / 1000) + 30;
    const until = Date.now() + DRAIN_BUDGET_MS;
    let named = data.deliveryId ?? null;
    while (Date.now() < until && !ctx.shutdown.aborted) {
      const claimed =
        (named ? await deliveries.claim(holdSeconds, named) : null) ?? (await deliveries.claim(holdSeconds));
      named = null;
      if (!claimed) return;
      await attempt(ctx, deliveries, claimed, tuning);
    }
  },
};

async function attempt(
  ctx: JobContext,
  deliveries: DeliveryRepository,
  claimed: ClaimedDelivery,
  tuning: DeliveryTuning,
): Promise<void> {
  const outcome = await sendWebhook(
    {
      url: claimed.url,
      id: claimed.eventId,
      body: claimed.body,
      secrets: claimed.secrets,
      timeoutMs: tuning.timeoutMs,
    },
    ctx.config,
  );
  const detail = { error: outcome.error, durationMs: outcome.durationMs };
  const answer = { responseStatus: outcome.status, excerpt: outcome.excerpt };
  if (outcome.ok) {
    await deliveries.recordAttempt(claimed.id, { status: 'delivered', ...answer }, { ...detail, retryInSeconds: null });
    return;
  }
  if (claimed.attempts < maxAttemptsOf(tuning)) {
    const retryInSeconds = tuning.retryDelaysSeconds[claimed.attempts - 1];
    await deliveries.recordAttempt(claimed.id, { status: 'pending', ...answer }, { ...detail, retryInSeconds });
    await ctx.jobs.send(DELIVER_JOB, {}, retryInSeconds > 0 ? { startAfterSeconds: retryInSeconds } : {});
    return;
  }
  await giveUp(ctx, claimed, outcome);
}

/**
 * The last attempt failed: the delivery is failed, the endpoint turned off (once: a second
 * delivery giving up finds it off already) with the event published in the same transaction,
 * and, after it commits, every admin of the account gets a mail.
 */
async function giveUp(ctx: JobContext, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
  const reason = `${outcome.error ?? 'Failed'} (after ${claimed.attempts} attempts)`;
  const disabled = await ctx.db.transaction(async (tx) => {
    const deliveries = new DeliveryRepository(tx);
    await deliveries.recordAttempt(
      claimed.id,
      { status: 'failed', responseStatus: outcome.status, excerpt: outcome.excerpt },
      { error: outcome.error, durationMs: outcome.durationMs, retryInSeconds: null },
    );
    const { rows } = await tx.query<{ url: string; accountId: string }>(
      `UPDATE webhook_endpoints e SET enabled = false, disabled_reason = $2
         FROM workspaces w WHERE e.id = $1 AND e.enabled AND w.id = e.workspace_id
       RETURNING e.url, w.account_id::text AS "accountId"`,
      [claimed.endpointId, reason],
    );
    if (!rows[0]) return null;
    await deliveries.failWaiting(claimed.endpointId, 'Not sent: the webhook was turned off');
    await ctx.events.publish(
      tx,
      WEBHOOK_ENDPOINT_DISABLED,
      { endpointId: claimed.endpointId, url: rows[0].url, by: 'failures' },
      { accountId: rows[0].accountId, workspaceId: claimed.workspaceId },
    );
    return rows[0];
  });
  if (disabled) await mailEndpointDisabled(ctx, { ...disabled, workspaceId: claimed.workspaceId, reason });
}

/** The delivery log keeps this long; a delivery still waiting is never removed. */
export const KEEP_DELIVERIES_DAYS = 30;

/** `webhooks.prune`, daily: removes finished deliveries older than the log keeps. */
export const pruneJob: JobDefinition = {
  name: 'webhooks.prune',
  cron: '17 3 * * *',
  retryLimit: 1,
  async handler(_data, ctx) {
    const removed = await ctx.db.query(
      `DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed')
          AND created_at < now() - make_interval(days => $1)`,
      [KEEP_DELIVERIES_DAYS],
    );
    if (removed.rowCount > 0) ctx.log.info({ removed: removed.rowCount }, 'old webhook deliveries removed');
  },
};
