import type { Invoice, PlanId, ProviderId } from '../../common/billing-contract';
import type { SubscriptionRecord, SubscriptionState } from '../subscription-repository';

/** A provider refused or could not be reached: the route answers 502 with words for people. */
export class BillingProviderError extends Error {}

export interface CheckoutInput {
  accountId: string;
  userId: string;
  email: string;
  plan: PlanId;
  /** The provider's customer of this account, when it paid before. */
  customerId: string | null;
  /** Where the provider sends the browser back (absolute). */
  returnUrl: string;
}

/**
 * One payment provider. `local` is this app (its checkout and portal are our pages); `stripe`
 * calls Stripe. A provider never decides the plan by itself from a browser's return: the plan
 * changes with the provider's answer (changePlan, cancel) or its signed events.
 */
export interface BillingProvider {
  readonly id: ProviderId;
  /** Where the browser goes to pay for `plan`. */
  startCheckout(input: CheckoutInput): Promise<string>;
  /** The customer portal (payment method, invoices) of the account. */
  portal(input: { accountId: string; customerId: string | null; returnUrl: string }): Promise<string>;
  /** Moves the subscription to another plan; the state to record (null: an event will tell). */
  changePlan(subscription: SubscriptionRecord, plan: PlanId): Promise<SubscriptionState>;
  /** Ends the subscription now; the state to record. */
  cancel(subscription: SubscriptionRecord): Promise<SubscriptionState>;
  invoices(accountId: string, customerId: string | null): Promise<Invoice[]>;
}
