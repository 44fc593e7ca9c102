import Stripe from 'stripe';
import {
  BILLING_SERVER_MESSAGES,
  PAID_PLAN_IDS,
  type Invoice,
  type PlanId,
  type SubscriptionStatus,
} from '../../common/billing-contract';
import { stateOfRecord, type SubscriptionRecord, type SubscriptionState } from '../subscription-repository';
import { BillingProviderError, type BillingProvider, type CheckoutInput } from './billing-provider';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each paid plan (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO). */
  prices: Record<(typeof PAID_PLAN_IDS)[number], string>;
  /** Another API origin (tests: a local double); Stripe's own by default. */
  apiBase?: string;
}

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and a price per paid plan, or null (then the local provider). */
export function stripeConfigFromEnv(env: Record<string, string | undefined>): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  const missing = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(`STRIPE_SECRET_KEY is set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not`);
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    prices: { starter: env.STRIPE_PRICE_STARTER!, pro: env.STRIPE_PRICE_PRO! },
    apiBase: env.STRIPE_API_BASE || undefined,
  };
}

/** Stripe's statuses in ours: trialing keeps the plan; unpaid and past_due keep it while Stripe retries; the rest end it. */
function statusOf(status: string): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  return 'canceled';
}

/** Stripe's own default tolerance, applied both ways (see verify). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const seconds = (value: number | null | undefined, fallback: Date) =>
  typeof value === 'number' ? new Date(value * 1000) : fallback;

/**
 * Stripe: Checkout in subscription mode, the Billing Portal, plan changes with proration,
 * immediate cancellation, invoices listed from Stripe. The account is carried in the checkout's
 * client_reference_id and the subscription's metadata, so a webhook names it without a lookup.
 */
export class StripeProvider implements BillingProvider {
  readonly id = 'stripe' as const;
  readonly client: Stripe;

  constructor(readonly config: StripeConfig) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.client = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  planOfPrice(priceId: string | undefined): PlanId | null {
    return PAID_PLAN_IDS.find((plan) => this.config.prices[plan] === priceId) ?? null;
  }

  /** Our record of a Stripe subscription, as true at `version`. */
  stateOf(subscription: Stripe.Subscription, accountId: string, version: Date): SubscriptionState | null {
    const item = subscription.items?.data?.[0] as
      (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
    const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
    const plan =
      this.planOfPrice(item?.price?.id) ??
      (PAID_PLAN_IDS as readonly string[]).find((id) => id === subscription.metadata?.plan) ??
      null;
    if (!plan) return null;
    const now = new Date();
    const start = seconds(item?.current_period_start ?? legacy.current_period_start, now);
    return {
      accountId,
      provider: 'stripe',
      externalId: subscription.id,
      plan: plan as PlanId,
      status: statusOf(subscription.status),
      currentPeriodStart: start,
      currentPeriodEnd: seconds(
        item?.current_period_end ?? legacy.current_period_end,
        new Date(start.getTime() + 30 * 86_400_000),
      ),
      version,
      ended: subscription.status === 'canceled' || subscription.status === 'incomplete_expired',
    };
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError)
        throw new BillingProviderError(BILLING_SERVER_MESSAGES.providerFailed, { cause: error });
      throw error;
    }
  }

  async startCheckout(input: CheckoutInput): Promise<string> {
    const paid = input.plan as (typeof PAID_PLAN_IDS)[number];
    const session = await this.call(() =>
      this.client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.config.prices[paid], quantity: 1 }],
        success_url: `${input.returnUrl}?checkout=done`,
        cancel_url: `${input.returnUrl}?checkout=canceled`,
        client_reference_id: input.accountId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        metadata: { accountId: input.accountId, plan: input.plan },
        subscription_data: { metadata: { accountId: input.accountId, plan: input.plan } },
      }),
    );
    if (!session.url) throw new BillingProviderError(BILLING_SERVER_MESSAGES.providerFailed);
    return session.url;
  }

  async portal(input: { customerId: string | null; returnUrl: string }): Promise<string> {
    if (!input.customerId) throw new BillingProviderError(BILLING_SERVER_MESSAGES.noCustomer);
    const session = await this.call(() =>
      this.client.billingPortal.sessions.create({ customer: input.customerId!, return_url: input.returnUrl }),
    );
    return session.url;
  }

  async changePlan(subscription: SubscriptionRecord, plan: PlanId): Promise<SubscriptionState> {
    const current = await this.call(() => this.client.subscriptions.retrieve(subscription.externalId));
    const item = current.items.data[0];
    const updated = await this.call(() =>
      this.client.subscriptions.update(subscription.externalId, {
        items: [{ id: item.id, price: this.config.prices[plan as (typeof PAID_PLAN_IDS)[number]] }],
        proration_behavior: 'create_prorations',
        metadata: { accountId: subscription.accountId, plan },
      }),
    );
    const state = this.stateOf(updated, subscription.accountId, new Date());
    if (!state) throw new BillingProviderError(BILLING_SERVER_MESSAGES.providerFailed);
    return state;
  }

  async cancel(subscription: SubscriptionRecord): Promise<SubscriptionState> {
    const canceled = await this.call(() => this.client.subscriptions.cancel(subscription.externalId));
    return (
      this.stateOf(canceled, subscription.accountId, new Date()) ?? {
        ...stateOfRecord(subscription),
        status: 'canceled',
        version: new Date(),
      }
    );
  }

  async invoices(_accountId: string, customerId: string | null): Promise<Invoice[]> {
    if (!customerId) return [];
    const list = await this.call(() => this.client.invoices.list({ customer: customerId, limit: 12 }));
    return list.data.map((invoice) => ({
      id: invoice.id ?? '',
      number: invoice.number ?? invoice.id ?? '',
      date: new Date(invoice.created * 1000).toISOString(),
      amount: invoice.total,
      currency: invoice.currency,
      status: invoice.status ?? 'draft',
      url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
    }));
  }

  /** The signed event, or throws Stripe's signature error. */
  /**
   * The signed event. The SDK refuses a signature older than its tolerance (300 s) but not one
   * dated in the future; a symmetric window refuses both, so a signature made ahead of time (a
   * clock set forward, a stolen signing moment) is no replay ticket for the hours to come.
   */
  verify(rawBody: string, signature: string, now = Date.now()): Stripe.Event {
    const event = this.client.webhooks.constructEvent(
      rawBody,
      signature,
      this.config.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || signedAt - now / 1000 > SIGNATURE_TOLERANCE_SECONDS) {
      throw new Stripe.errors.StripeSignatureVerificationError(signature, rawBody, {
        message: 'Timestamp outside the tolerance zone',
      });
    }
    return event;
  }
}
