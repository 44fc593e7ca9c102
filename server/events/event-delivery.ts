import type { PublishedEvent } from '../../core/common/domain-event';
import type { Database } from '../db/database';
import type { JobDefinition } from '../plugin-api/server-plugin';
import type { ServiceRegistry } from '../services';
import { DELIVER_EVENT_JOB, type EventPublisher } from './event-outbox';
import type { EventSubscription, SubscriberContext } from './event-subscription';

export interface DeliveryDeps {
  db: Database;
  subscriptions: readonly EventSubscription[];
  events: EventPublisher;
  services: ServiceRegistry;
  log: SubscriberContext['log'];
}

interface EventRow {
  id: string;
  name: string;
  version: number;
  accountId: string | null;
  workspaceId: string | null;
  payload: unknown;
  occurredAt: Date | string;
}

/**
 * Hands one outbox event to every subscriber of its name and version. Each subscriber runs in a
 * transaction of its own that first claims (event id, subscriber id): a subscriber that already
 * handled the event is skipped, one that dies before its transaction commits left nothing and
 * gets the event again from the next worker (at least once for the queue, once for what the
 * subscriber wrote). On PostgreSQL a second worker on the same event waits on the claim's row
 * and then skips. One failing subscriber does not hold the others back; the job then fails and
 * pg-boss retries it, for the failed ones only.
 */
export async function deliverEvent(eventId: string, deps: DeliveryDeps): Promise<void> {
  const { rows } = await deps.db.query<EventRow>(
    `SELECT id::text, name, version, account_id::text AS "accountId", workspace_id::text AS "workspaceId", payload, occurred_at AS "occurredAt"
       FROM domain_events WHERE id = $1`,
    [eventId],
  );
  const row = rows[0];
  if (!row) return;
  const event: PublishedEvent<unknown> = {
    id: row.id,
    name: row.name,
    version: row.version,
    occurredAt: new Date(row.occurredAt).toISOString(),
    accountId: row.accountId,
    workspaceId: row.workspaceId,
    payload: row.payload,
  };
  const failed: string[] = [];
  for (const subscription of deps.subscriptions) {
    if (subscription.event.name !== event.name || subscription.event.version !== event.version) continue;
    try {
      await deps.db.transaction(async (tx) => {
        const claim = await tx.query(
          'INSERT INTO domain_event_deliveries (event_id, subscriber) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
          [event.id, subscription.id],
        );
        if (claim.rows.length === 0) return;
        await subscription.handle(event, { tx, events: deps.events, services: deps.services, log: deps.log });
      });
    } catch (err) {
      failed.push(subscription.id);
      deps.log.error(
        { err, event: event.name, eventId: event.id, subscriber: subscription.id },
        'event subscriber failed; the event comes to it again',
      );
    }
  }
  if (failed.length) throw new Error(`Event ${event.name} ${event.id} not handled by ${failed.join(', ')}`);
  await deps.db.query('UPDATE domain_events SET delivered_at = now() WHERE id = $1 AND delivered_at IS NULL', [
    event.id,
  ]);
}

/** The job reading the outbox: queued by EventOutbox.publish in the publishing transaction. */
export function deliverEventJob(
  subscriptions: readonly EventSubscription[],
  events: EventPublisher,
): JobDefinition<{ eventId: string }> {
  return {
    name: DELIVER_EVENT_JOB,
    // Retried quickly, then backing off (pg-boss doubles the delay): ten tries span about 17 minutes.
    retryLimit: 10,
    retryDelaySeconds: 1,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    handler: (data, ctx) =>
      deliverEvent(data.eventId, { db: ctx.db, subscriptions, events, services: ctx.services, log: ctx.log }),
  };
}
