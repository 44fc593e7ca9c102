/**
 * Plans and billing (docs/product-contract.md#entities-and-fields "Account subscription with isCurrent", #calls "Subscriptions" and
 * `GET /api/v1/users/create_customer_portal_session`, 8 "Subscriptions and billing"). An account
 * is on the free plan until an admin subscribes; a subscription names one paid plan. Paying goes
 * through a provider: `local` (the default: its checkout and portal are pages of this app, so an
 * installation without a payment account can change plans) or `stripe`.
 *
 * Like every outside provider here, the browser asks for a `redirect_uri`, goes there, and comes
 * back; the plan changes when the provider says so (the local completion call, or a signed Stripe
 * webhook), never because the browser came back.
 */
import type { PlanId } from './plans';

export { PLANS, PAID_PLAN_IDS, FREE_PLAN_ID, planById, type Plan, type PlanId, type PlanLimits } from './plans';

export const BILLING_PATHS = {
  /** POST { accountId?, plan } -> RedirectResponse: the provider's checkout (admins). */
  startCheckout: '/api/v1/subscriptions/start_checkout_session',
  /** GET ?accountId -> RedirectResponse: the provider's customer portal (admins). */
  portal: '/api/v1/users/create_customer_portal_session',
  /** DELETE ?accountId -> SubscriptionResponse: the plan falls back to free at once (admins). */
  cancel: '/api/v1/subscriptions/cancel',
  /** PUT { plan } -> SubscriptionResponse: another paid plan (admins). */
  change: (subscriptionId: string) => `/api/v1/subscriptions/${subscriptionId}`,
  /** GET ?accountId -> BillingOverviewResponse (ours): plan, usage this period, invoices (admins). */
  overview: '/api/v1/subscriptions',
  /** GET (ours): a local checkout session, for its page. */
  localCheckout: (checkoutSessionId: string) => `/api/v1/subscriptions/local_checkouts/${checkoutSessionId}`,
  /** POST (ours): the local provider's "pay" button: completes the checkout -> SubscriptionResponse. */
  completeLocalCheckout: (checkoutSessionId: string) =>
    `/api/v1/subscriptions/local_checkouts/${checkoutSessionId}/complete`,
  /** POST (ours): Stripe's signed events. */
  stripeWebhook: '/api/v1/subscriptions/stripe_webhook',
} as const;

/** Pages of the web half. */
export const BILLING_PAGE = '/billing';
export const LOCAL_CHECKOUT_PAGE = '/billing/checkout';
export const localCheckoutPage = (session: string) => `${LOCAL_CHECKOUT_PAGE}?session=${encodeURIComponent(session)}`;

/** docs/product-contract.md#messages "Subscriptions and billing", verbatim; the rest are ours. */
export const BILLING_MESSAGES = {
  notCanceled: "Can't cancel the subscription",
  notSold: "Can't sell the subscription",
  notUpdated: "Can't update the subscription",
  billingNotOpened: "Can't open the billing",
  canceled: 'Subscription has been canceled',
  updated: 'Subscription has been updated',
  // Ours.
  overviewNotLoaded: 'Billing could not be loaded',
} as const;

/** What the server says (ours). */
export const BILLING_SERVER_MESSAGES = {
  notFound: 'Subscription not found',
  checkoutNotFound: 'Checkout not found',
  checkoutUsed: 'This checkout was already completed or has expired: start again from the billing page',
  noSubscription: 'This account has no subscription to cancel',
  samePlan: 'The subscription is already on this plan',
  noCustomer: 'This account has not paid through the provider yet: subscribe first',
  providerFailed: 'The payment provider could not be reached: try again in a moment',
  signatureMissing: 'The event is not signed',
  signatureInvalid: 'The event signature does not match',
} as const;

export type ProviderId = 'local' | 'stripe';
export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface RedirectResponse {
  redirect_uri: string;
}

export interface StartCheckoutRequest {
  accountId?: string;
  plan: PlanId;
}

export interface ChangePlanRequest {
  plan: PlanId;
}

export interface SubscriptionAttributes {
  accountId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  provider: ProviderId;
  /** ISO dates of the period usage is counted in. */
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** docs/product-contract.md#entities-and-fields: whether this subscription is the account's current one. */
  isCurrent: boolean;
}

export interface SubscriptionResource {
  id: string;
  type: 'subscription';
  attributes: SubscriptionAttributes;
}

export interface SubscriptionResponse {
  data: SubscriptionResource | null;
}

export interface Usage {
  periodStart: string;
  periodEnd: string;
  /** Media processed this period, in minutes (one decimal), from the account's runs that did not fail. */
  minutesProcessed: number;
  voiceOvers: number;
  seatsUsed: number;
}

export interface Invoice {
  id: string;
  number: string;
  /** ISO date. */
  date: string;
  /** In the currency's smallest unit (cents). */
  amount: number;
  currency: string;
  status: string;
  /** The provider's page or PDF of the invoice; null when it has none (local). */
  url: string | null;
}

export interface BillingOverview {
  accountId: string;
  plan: PlanId;
  provider: ProviderId;
  subscription: SubscriptionResource | null;
  usage: Usage;
  invoices: Invoice[];
}

export interface BillingOverviewResponse {
  data: BillingOverview;
}

export interface LocalCheckoutResponse {
  data: { id: string; accountId: string; plan: PlanId; state: 'open' | 'completed' | 'expired' };
}
