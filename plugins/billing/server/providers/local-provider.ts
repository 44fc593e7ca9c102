import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../../server/plugin-api';
import { BILLING_PAGE, localCheckoutPage, planById, type Invoice, type PlanId } from '../../common/billing-contract';
import { oneMonthFrom } from '../billing-period';
import { stateOfRecord, type SubscriptionRecord, type SubscriptionState } from '../subscription-repository';
import type { BillingProvider, CheckoutInput } from './billing-provider';

const CHECKOUT_TTL_MS = 24 * 3600 * 1000;

/**
 * The provider of an installation without a payment account: its checkout is a page of this app
 * (`/billing/checkout?session=…`, whose "Subscribe" completes it), its portal is the billing page
 * itself, its invoices are rows here. Nobody is charged: an administrator of the installation
 * decides who may change plans by who is an account admin.
 */
export class LocalProvider implements BillingProvider {
  readonly id = 'local' as const;

  constructor(private readonly db: Queryable) {}

  async startCheckout(input: CheckoutInput): Promise<string> {
    const id = `lcs_${randomBytes(18).toString('base64url')}`;
    await this.db.query(
      'INSERT INTO billing_local_checkouts (id, account_id, plan, created_by, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [id, input.accountId, input.plan, input.userId, new Date(Date.now() + CHECKOUT_TTL_MS)],
    );
    return localCheckoutPage(id);
  }

  async portal(): Promise<string> {
    return BILLING_PAGE;
  }

  async changePlan(subscription: SubscriptionRecord, plan: PlanId): Promise<SubscriptionState> {
    return { ...stateOfRecord(subscription), plan, version: new Date() };
  }

  async cancel(subscription: SubscriptionRecord): Promise<SubscriptionState> {
    return { ...stateOfRecord(subscription), status: 'canceled', version: new Date() };
  }

  async invoices(accountId: string): Promise<Invoice[]> {
    const { rows } = await this.db.query<{
      id: string;
      plan: string;
      amount: number;
      currency: string;
      createdAt: Date;
    }>(
      `SELECT id::text AS id, plan, amount, currency, created_at AS "createdAt" FROM billing_local_invoices WHERE account_id = $1 ORDER BY billing_local_invoices.id DESC LIMIT 24`,
      [accountId],
    );
    return rows.map((row) => ({
      id: row.id,
      number: `LOCAL-${row.id.padStart(5, '0')}`,
      date: new Date(row.createdAt).toISOString(),
      amount: row.amount,
      currency: row.currency,
      status: 'paid',
      url: null,
    }));
  }

  /** The "Subscribe" of the local checkout page: the account's subscription (new, or its plan changed) to record. */
  async checkoutState(
    tx: Queryable,
    accountId: string,
    plan: PlanId,
    current: SubscriptionRecord | null,
  ): Promise<SubscriptionState> {
    const now = new Date();
    if (current?.provider === 'local') return { ...stateOfRecord(current), plan, version: now };
    return {
      accountId,
      provider: 'local',
      externalId: `lsub_${randomBytes(12).toString('base64url')}`,
      plan,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: oneMonthFrom(now),
      version: now,
    };
  }

  /** A paid plan started or changed: the invoice of its first month, in the same transaction. */
  async invoice(tx: Queryable, accountId: string, plan: PlanId): Promise<void> {
    await tx.query('INSERT INTO billing_local_invoices (account_id, plan, amount, currency) VALUES ($1, $2, $3, $4)', [
      accountId,
      plan,
      planById(plan).monthlyCents,
      'usd',
    ]);
  }
}
