import { randomUUID } from 'node:crypto';
import type { DomainEventRef } from '../../core/common/domain-event';
import type { Queryable } from '../db/database';
import { currentOrigin } from '../http/request-origin';
import type { InTransactionSubscription } from './in-transaction-subscription';

/** The pg-boss queue that reads the outbox: one job per event, its id the event's. */
export const DELIVER_EVENT_JOB = 'events.deliver';

/** Who an event belongs to, so subscribers (an audit log, webhooks) can keep to a tenant. */
export interface EventTenant {
  accountId?: string | null;
  workspaceId?: string | null;
}

/**
 * Queues a job inside the caller's transaction (pg-boss's per-call `db`): the job row and the
 * outbox row commit, or roll back, with the change they describe.
 */
export type SendJobInTransaction = (
  tx: Queryable,
  name: string,
  data: object,
  options: { id: string },
) => Promise<unknown>;

/** What a route or job calls to publish (`app.events`, `ctx.events`). */
export interface EventPublisher {
  /**
   * Writes the event into the outbox through `tx`, the transaction making the change it
   * describes, and queues its delivery in the same transaction. Subscribers hear of it only once
   * that transaction commits; never if it rolls back. Returns the event's id.
   */
  publish<P>(tx: Queryable, event: DomainEventRef<P>, payload: P, tenant?: EventTenant): Promise<string>;
}

export class EventOutbox implements EventPublisher {
  constructor(
    private readonly sendInTransaction: SendJobInTransaction,
    /** Called inside `publish`, in the publisher's transaction (server/events/event-subscription.ts). */
    private readonly inTransaction: readonly InTransactionSubscription[] = [],
  ) {}

  async publish<P>(tx: Queryable, event: DomainEventRef<P>, payload: P, tenant: EventTenant = {}): Promise<string> {
    const id = randomUUID();
    const { rows } = await tx.query<{ occurredAt: Date | string }>(
      `INSERT INTO domain_events (id, name, version, account_id, workspace_id, payload) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING occurred_at AS "occurredAt"`,
      [
        id,
        event.name,
        event.version,
        tenant.accountId ?? null,
        tenant.workspaceId ?? null,
        JSON.stringify(payload ?? null),
      ],
    );
    await this.sendInTransaction(tx, DELIVER_EVENT_JOB, { eventId: id }, { id });
    const listeners = this.inTransaction.filter(
      (subscription) => subscription.event.name === event.name && subscription.event.version === event.version,
    );
    if (listeners.length) {
      const published = {
        id,
        name: event.name,
        version: event.version,
        occurredAt: new Date(rows[0].occurredAt).toISOString(),
        accountId: tenant.accountId ?? null,
        workspaceId: tenant.workspaceId ?? null,
        payload,
      };
      const origin = currentOrigin();
      for (const listener of listeners) await listener.handle(published, { tx, origin });
    }
    return id;
  }
}
