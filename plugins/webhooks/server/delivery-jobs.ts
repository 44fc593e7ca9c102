import type { JobContext, JobDefinition } from '../../../server/plugin-api';
import { WEBHOOK_ENDPOINT_DISABLED } from '../common/webhook-events';
import { DeliveryRepository, type ClaimedDelivery } from './delivery-repository';
import { deliveryTuningFromEnv, maxAttemptsOf } from './delivery-tuning';
import { mailEndpointDisabled } from './endpoint-disabled-mail';
import { DELIVER_JOB, DISPATCH_JOB } from './webhook-outbox';
import { sendWebhook, type AttemptOutcome } from './webhook-sender';

/** A delivery due longer than this without its job having taken it is queued again by the sweep. */
const OVERDUE_GRACE_SECONDS = 60;

/**
 * `webhooks.dispatch`: queues one `webhooks.deliver` job per waiting delivery, of one event
 * (woken after its publish committed, webhook-outbox.ts) or, every minute, of every delivery
 * whose job was lost. Deliveries live in a table of their own rather than in job data because
 * they are also the delivery log, and because the outbox row is written by an in-transaction
 * subscriber, which has no job queue to send with.
 */
export const dispatchJob: JobDefinition<{ eventId?: string }> = {
  name: DISPATCH_JOB,
  cron: '* * * * *',
  retryLimit: 3,
  expireInSeconds: 120,
  async handler(data, ctx) {
    const deliveries = new DeliveryRepository(ctx.db);
    const ids = data.eventId
      ? await deliveries.pendingOfEvent(data.eventId)
      : await deliveries.overdue(OVERDUE_GRACE_SECONDS, 1000);
    for (const id of ids) await ctx.jobs.send(DELIVER_JOB, { deliveryId: id });
  },
};

/**
 * `webhooks.deliver`: one attempt of one delivery. The retry is scheduled by this job (its
 * `next_attempt_at`, and a job that starts then), not by pg-boss's own retries: the schedule
 * spans more than a day and the delivery log shows when the next try comes. A job of a delivery
 * that is not due (a duplicate, a re-send already taken) does nothing.
 */
export const deliverJob: JobDefinition<{ deliveryId: string }> = {
  name: DELIVER_JOB,
  // HTTP-bound: several attempts at once per worker process, so one slow receiver holds few.
  concurrency: 8,
  retryLimit: 2,
  expireInSeconds: 120,
  async handler(data, ctx) {
    const tuning = deliveryTuningFromEnv();
    const deliveries = new DeliveryRepository(ctx.db);
    const claimed = await deliveries.claim(data.deliveryId, Math.ceil(tuning.timeoutMs / 1000) + 30);
    if (!claimed) return;
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
      await deliveries.recordAttempt(
        claimed.id,
        { status: 'delivered', ...answer },
        { ...detail, retryInSeconds: null },
      );
      return;
    }
    if (claimed.attempts < maxAttemptsOf(tuning)) {
      const retryInSeconds = tuning.retryDelaysSeconds[claimed.attempts - 1];
      await deliveries.recordAttempt(claimed.id, { status: 'pending', ...answer }, { ...detail, retryInSeconds });
      await ctx.jobs.send(
        DELIVER_JOB,
        { deliveryId: claimed.id },
        retryInSeconds > 0 ? { startAfterSeconds: retryInSeconds } : {},
      );
      return;
    }
    await giveUp(ctx, claimed, outcome);
  },
};

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
