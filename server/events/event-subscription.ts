import type { DomainEventRef, PublishedEvent } from '../../core/common/domain-event';
import type { Queryable } from '../db/database';
import type { ServiceRegistry } from '../services';
import type { EventPublisher } from './event-outbox';
import type { InTransactionSubscription } from './in-transaction-subscription';

/** What a subscriber's handler gets besides the event. */
export interface SubscriberContext {
  /**
   * The transaction its delivery mark is written in: what the handler writes through `tx`
   * commits with the mark, so after a crash the event comes again only if nothing was kept. Use
   * only `tx` for the database inside the handler (on PGlite the outer handle would wait forever).
   */
  tx: Queryable;
  /** Publish a follow-up event in the same transaction. */
  events: EventPublisher;
  services: ServiceRegistry;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * A plugin's in-process listener for one event (name and version), declared in its server
 * definition's `subscriptions` like a job. `id` (`<plugin>.<what>`) is unique in the app: with
 * the event's id it is the idempotency key, so changing it makes the subscriber hear old events
 * again if they are redelivered.
 */
export interface EventSubscription<P = any> {
  id: string;
  event: DomainEventRef<P>;
  handle(event: PublishedEvent<P>, ctx: SubscriberContext): Promise<void>;
}

/** `subscriptions: [subscribeTo(PROJECT_VERSION_CREATED, 'audit.versions', async (event, ctx) => …)]`: typed by the event. */
export function subscribeTo<P>(
  event: DomainEventRef<P>,
  id: string,
  handle: EventSubscription<P>['handle'],
): EventSubscription<P> {
  return { id, event, handle };
}

export type AnySubscription = EventSubscription | InTransactionSubscription;

export function isInTransaction(subscription: AnySubscription): subscription is InTransactionSubscription {
  return 'inTransaction' in subscription && subscription.inTransaction === true;
}
