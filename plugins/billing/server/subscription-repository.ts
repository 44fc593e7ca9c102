import type { EventPublisher, Queryable } from '../../../server/plugin-api';
import type { PlanId, ProviderId, SubscriptionStatus } from '../common/billing-contract';
import { SUBSCRIPTION_CHANGED } from '../common/billing-events';

export interface SubscriptionRecord {
  id: string;
  accountId: string;
  provider: ProviderId;
  externalId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/** A subscription's state as a provider tells it, and when that state was true (`version`). */
export interface SubscriptionState {
  accountId: string;
  provider: ProviderId;
  externalId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  version: Date;
  /** The provider ended it for good (Stripe: canceled, incomplete_expired): no later state applies. */
  ended?: boolean;
}

/** A stored subscription as a state to change (plan, status) and apply again; `version` is the caller's. */
export function stateOfRecord(subscription: SubscriptionRecord): Omit<SubscriptionState, 'version'> {
  return {
    accountId: subscription.accountId,
    provider: subscription.provider,
    externalId: subscription.externalId,
    plan: subscription.plan,
    status: subscription.status,
    currentPeriodStart: new Date(subscription.currentPeriodStart),
    currentPeriodEnd: new Date(subscription.currentPeriodEnd),
  };
}

const COLUMNS = `id::text AS id, account_id::text AS "accountId", provider, external_id AS "externalId", plan, status,
  current_period_start AS "currentPeriodStart", current_period_end AS "currentPeriodEnd"`;

/** Statuses that keep the plan (past_due: the provider is still retrying the payment). */
export const CURRENT_STATUSES: SubscriptionStatus[] = ['active', 'past_due'];

export class SubscriptionRepository {
  constructor(
    private readonly db: Queryable,
    /** Where a change publishes billing.subscriptionChanged (in the transaction applying it). */
    private readonly events: EventPublisher | null = null,
  ) {}

  /** The account's current subscription (the newest one that keeps its plan), or null: the free plan. */
  async current(accountId: string, db: Queryable = this.db): Promise<SubscriptionRecord | null> {
    const { rows } = await db.query<SubscriptionRecord>(
      `SELECT ${COLUMNS} FROM billing_subscriptions WHERE account_id = $1 AND status = ANY($2::text[]) ORDER BY billing_subscriptions.id DESC LIMIT 1`,
      [accountId, CURRENT_STATUSES],
    );
    return rows[0] ?? null;
  }

  async find(id: string, db: Queryable = this.db): Promise<SubscriptionRecord | null> {
    const { rows } = await db.query<SubscriptionRecord>(`SELECT ${COLUMNS} FROM billing_subscriptions WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async byExternalId(
    provider: ProviderId,
    externalId: string,
    db: Queryable = this.db,
  ): Promise<SubscriptionRecord | null> {
    const { rows } = await db.query<SubscriptionRecord>(
      `SELECT ${COLUMNS} FROM billing_subscriptions WHERE provider = $1 AND external_id = $2`,
      [provider, externalId],
    );
    return rows[0] ?? null;
  }

  async ownerOf(id: string): Promise<{ accountId: string } | null> {
    const { rows } = await this.db.query<{ accountId: string }>(
      'SELECT account_id::text AS "accountId" FROM billing_subscriptions WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Writes a provider's state unless the row already holds a newer one or has ended. At the same
   * instant a cancellation wins (Stripe's times are whole seconds), and once the provider ended a
   * subscription no event revives it, however new (an "updated" sent before the deletion can be
   * created after it, or be a replay of an older state).
   * Returns whether the row changed; the account's isCurrent flag follows in the same statement's transaction.
   */
  async apply(tx: Queryable, state: SubscriptionState): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO billing_subscriptions (account_id, provider, external_id, plan, status, current_period_start, current_period_end, provider_version, ended)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (provider, external_id) DO UPDATE SET plan = EXCLUDED.plan, status = EXCLUDED.status,
         current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
         provider_version = EXCLUDED.provider_version, ended = EXCLUDED.ended, updated_at = now()
       WHERE NOT billing_subscriptions.ended
         AND (billing_subscriptions.provider_version < EXCLUDED.provider_version
          OR (billing_subscriptions.provider_version = EXCLUDED.provider_version AND billing_subscriptions.status <> 'canceled'))
       RETURNING id`,
      [
        state.accountId,
        state.provider,
        state.externalId,
        state.plan,
        state.status,
        state.currentPeriodStart,
        state.currentPeriodEnd,
        state.version,
        state.ended ?? false,
      ],
    );
    await this.syncAccountFlag(tx, state.accountId);
    const { accountId, provider, plan, status, currentPeriodEnd } = state;
    if (rows.length > 0)
      await this.events?.publish(
        tx,
        SUBSCRIPTION_CHANGED,
        { provider, plan, status, currentPeriodEnd: new Date(currentPeriodEnd).toISOString() },
        { accountId },
      );
    return rows.length > 0;
  }

  /** docs/product-contract.md#entities-and-fields: the account's `subscription.isCurrent`, kept on the host's account row for the session payload. */
  async syncAccountFlag(tx: Queryable, accountId: string): Promise<void> {
    await tx.query(
      `UPDATE accounts SET subscription_is_current = EXISTS (SELECT 1 FROM billing_subscriptions WHERE account_id = $1 AND status = ANY($2::text[])) WHERE id = $1`,
      [accountId, CURRENT_STATUSES],
    );
  }

  /** Records an event id; false when it was recorded before (a second delivery). */
  async recordEvent(tx: Queryable, provider: ProviderId, eventId: string, type: string): Promise<boolean> {
    const { rows } = await tx.query(
      'INSERT INTO billing_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
      [provider, eventId, type],
    );
    return rows.length > 0;
  }

  async customerOf(accountId: string, provider: ProviderId): Promise<string | null> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT customer_id AS id FROM billing_customers WHERE account_id = $1 AND provider = $2',
      [accountId, provider],
    );
    return rows[0]?.id ?? null;
  }

  /** Whether the account exists (a signed event may name one deleted since, or never ours). */
  async accountExists(tx: Queryable, accountId: string): Promise<boolean> {
    const { rows } = await tx.query('SELECT 1 FROM accounts WHERE id = $1', [accountId]);
    return rows.length > 0;
  }

  async accountOfCustomer(provider: ProviderId, customerId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT account_id::text AS id FROM billing_customers WHERE provider = $1 AND customer_id = $2 ORDER BY account_id LIMIT 1',
      [provider, customerId],
    );
    return rows[0]?.id ?? null;
  }

  async rememberCustomer(tx: Queryable, accountId: string, provider: ProviderId, customerId: string): Promise<void> {
    await tx.query(
      `INSERT INTO billing_customers (account_id, provider, customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, provider) DO UPDATE SET customer_id = EXCLUDED.customer_id`,
      [accountId, provider, customerId],
    );
  }

  /** The account a workspace belongs to (limits are the account's). */
  async accountOfWorkspace(workspaceId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT account_id::text AS id FROM workspaces WHERE id = $1',
      [workspaceId],
    );
    return rows[0]?.id ?? null;
  }

  /** Members of the account (without the accounts plugin there are no invitations to count). */
  async seatsUsed(accountId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM account_users WHERE account_id = $1',
      [accountId],
    );
    return rows[0].n;
  }
}
