import {
  defineDomainEvent,
  subscribeInTransaction,
  subscribeTo,
  type AnySubscription,
  type JobQueue,
  type PublishedEvent,
  type Queryable,
  type ServiceRegistry,
} from '../../../server/plugin-api';
import { WEBHOOK_EVENT_TYPES } from '../common/webhooks-contract';

export const DELIVER_JOB = 'webhooks.deliver';

/** The JSON every endpoint receives: Standard Webhooks' `{ type, timestamp, data }`. */
export function webhookBody(event: PublishedEvent<unknown>): string {
  return JSON.stringify({
    type: event.name,
    timestamp: event.occurredAt,
    data: { ...(event.payload as object), workspaceId: event.workspaceId },
  });
}

/**
 * One delivery per enabled endpoint of the event's workspace subscribed to its type, written
 * INSIDE the publishing transaction (an in-transaction subscription): the change and its
 * deliveries commit together, so a process dying right after the commit loses nothing, and a
 * change that rolls back sends nothing. One indexed insert per publish.
 */
async function enqueueDeliveries(event: PublishedEvent<unknown>, tx: Queryable): Promise<void> {
  if (!event.workspaceId) return;
  await tx.query(
    `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, body, occurred_at, next_attempt_at)
     SELECT e.id, e.workspace_id, $2::uuid, $3::text, $4::text, $5::timestamptz, now() FROM webhook_endpoints e
      WHERE e.workspace_id = $1 AND e.enabled AND $3::text = ANY (e.event_types)
     ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
    [event.workspaceId, event.id, event.name, webhookBody(event), event.occurredAt],
  );
}

/**
 * The job queue of each app this plugin runs in, by the plugin's own services view (one object
 * per app, the same in its routes, jobs and subscribers). Why: a subscriber's context offers no
 * job queue (SubscriberContext has tx, events, services, log), and an in-transaction one has
 * only tx; the deliveries' first attempt should not wait for the next minute's sweep. A module
 * variable would mix apps up (tests run two in one process); this map cannot.
 */
const queues = new WeakMap<ServiceRegistry, JobQueue>();

export function rememberQueue(services: ServiceRegistry, jobs: JobQueue): void {
  queues.set(services, jobs);
}

/**
 * After the publishing transaction committed (an after-commit subscription, so the deliveries
 * are visible), wake a worker to send them. Not awaited: the handler runs inside the
 * delivery transaction, and on the embedded database a queue write from outside it would wait
 * for that transaction forever. Losing the wake-up costs latency only: `webhooks.deliver`
 * also runs every minute and sends whatever is due.
 */
function wakeSender(
  event: PublishedEvent<unknown>,
  services: ServiceRegistry,
  log: { error(o: unknown, m?: string): void },
) {
  const jobs = queues.get(services);
  if (!event.workspaceId || !jobs) return;
  void jobs
    .send(DELIVER_JOB, {})
    .catch((err: unknown) =>
      log.error({ err, eventId: event.id }, 'webhook wake-up not queued; the minute sweep sends it'),
    );
}

export const webhookSubscriptions: AnySubscription[] = WEBHOOK_EVENT_TYPES.flatMap(({ type }) => {
  // Named by id and version as an outside plugin names them (docs/plugins.md): importing the
  // publishers' common/ would tie this optional plugin to optional others (exports, labels, …).
  const event = defineDomainEvent<unknown>(type, 1);
  return [
    subscribeInTransaction(event, `webhooks.outbox.${type}`, (published, { tx }) => enqueueDeliveries(published, tx)),
    subscribeTo(event, `webhooks.wake.${type}`, async (published, { services, log }) =>
      wakeSender(published, services, log),
    ),
  ];
});
