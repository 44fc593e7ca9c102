import type { DomainEventRef, PublishedEvent } from '../../core/common/domain-event';
import type { Queryable } from '../db/database';
import type { EventOrigin } from '../http/request-origin';

/** What an in-transaction handler gets: the publisher's own transaction and where the change came from. */
export interface InTransactionContext {
  /** The transaction making the change: what the handler writes commits or rolls back with it. */
  tx: Queryable;
  /** The request that published the event (person, IP, user agent, request id); null in a job. */
  origin: EventOrigin | null;
}

/**
 * A listener called INSIDE the publishing transaction, when `publish` writes the event: for a
 * record that must exist exactly when the change does (the audit log). A handler that throws
 * makes the change fail, so keep it to a few inserts through `tx`; anything slow or outside the
 * database belongs in an after-commit subscription (`subscribeTo`).
 */
export interface InTransactionSubscription<P = any> {
  id: string;
  event: DomainEventRef<P>;
  inTransaction: true;
  handle(event: PublishedEvent<P>, ctx: InTransactionContext): Promise<void>;
}

/** `subscriptions: [subscribeInTransaction(ACCOUNT_MEMBER_REMOVED, 'audit.memberRemoved', async (event, { tx, origin }) => …)]`. */
export function subscribeInTransaction<P>(
  event: DomainEventRef<P>,
  id: string,
  handle: InTransactionSubscription<P>['handle'],
): InTransactionSubscription<P> {
  return { id, event, inTransaction: true, handle };
}
