import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { httpError } from '../../../server/plugin-api';
import { BILLING_PATHS, BILLING_SERVER_MESSAGES as MESSAGES } from '../common/billing-contract';
import type { StripeProvider } from './providers/stripe-provider';
import type { SubscriptionRepository, SubscriptionState } from './subscription-repository';
import { isResourceId } from '../../../core/common/resource-id';

type Outcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/** A JSON object (the SDK types data.object as one, but a signed event may carry null or anything). */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stripe's signed events (the only way a Stripe plan starts or changes outside our own calls).
 * Idempotent twice over: an event id is recorded in the transaction that applies it, so a second
 * delivery changes nothing; and a subscription's state carries the event's time, so an older
 * event arriving after a newer one changes nothing either (SubscriptionRepository.apply).
 * Network calls (reading the subscription a checkout made) happen before the transaction.
 */
export function registerStripeWebhook(
  app: FastifyInstance,
  deps: { stripe: StripeProvider; subscriptions: SubscriptionRepository },
): void {
  const { stripe, subscriptions } = deps;

  async function accountOf(subscription: Stripe.Subscription): Promise<string | null> {
    const fromMetadata = subscription.metadata?.accountId;
    if (isResourceId(fromMetadata)) return fromMetadata;
    const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer?.id;
    return customer ? subscriptions.accountOfCustomer('stripe', customer) : null;
  }

  /** What the event says about a subscription, read (for a checkout) from Stripe itself. */
  async function stateOf(
    event: Stripe.Event,
  ): Promise<{ state: SubscriptionState; customerId: string | null; replaces: boolean } | null> {
    const version = new Date(event.created * 1000);
    if (!isObject(event.data?.object) || !Number.isFinite(version.getTime())) return null;
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      const accountId = session.client_reference_id ?? session.metadata?.accountId;
      if (session.mode !== 'subscription' || !subscriptionId || !isResourceId(accountId)) return null;
      const subscription = await stripe.client.subscriptions.retrieve(subscriptionId);
      const state = stripe.stateOf(subscription, accountId, version);
      const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
      return state && { state, customerId, replaces: true };
    }
    if (
      event.type === 'customer.subscription.created' ||
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.deleted'
    ) {
      const subscription = event.data.object;
      if (typeof subscription.id !== 'string' || subscription.id === '') return null;
      const accountId = await accountOf(subscription);
      const state = accountId ? stripe.stateOf(subscription, accountId, version) : null;
      const customerId =
        typeof subscription.customer === 'string' ? subscription.customer : (subscription.customer?.id ?? null);
      return state && { state, customerId, replaces: false };
    }
    return null;
  }

  app.register(async (webhook) => {
    // The signature is over the exact bytes: keep the body as text here (this context only).
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );

    webhook.post(
      BILLING_PATHS.stripeWebhook,
      {
        config: { access: 'public', csrf: false },
        schema: {
          response: {
            200: { type: 'object', properties: { received: { type: 'boolean' }, outcome: { type: 'string' } } },
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || signature === '')
          throw httpError(401, 'signature_missing', MESSAGES.signatureMissing);
        let event: Stripe.Event;
        try {
          event = stripe.verify(typeof request.body === 'string' ? request.body : '', signature);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError)
            throw httpError(400, 'signature_invalid', MESSAGES.signatureInvalid);
          throw httpError(400, 'event_invalid', MESSAGES.signatureInvalid);
        }
        if (typeof event.id !== 'string' || event.id === '' || typeof event.type !== 'string')
          throw httpError(400, 'event_invalid', MESSAGES.signatureInvalid);
        const change = await stateOf(event).catch((error: unknown) => {
          // Stripe retries a 5xx later; the event is not recorded, so the retry is applied.
          if (error instanceof Stripe.errors.StripeError)
            throw httpError(503, 'provider_failed', MESSAGES.providerFailed);
          throw error;
        });
        // Stripe retries anything but a 2xx for days: an event we cannot use (no object, an account
        // that does not exist here) is acknowledged with outcome 'ignored' and logged, never a 500.
        if (!change && !isObject(event.data?.object))
          request.log.warn({ eventId: event.id, type: event.type }, 'Stripe event without an object: ignored');
        const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
          if (!(await subscriptions.recordEvent(tx, 'stripe', event.id, event.type))) return 'duplicate';
          if (!change) return 'ignored';
          if (!(await subscriptions.accountExists(tx, change.state.accountId))) {
            request.log.warn(
              { eventId: event.id, type: event.type, accountId: change.state.accountId },
              'Stripe event for an account that does not exist: ignored',
            );
            return 'ignored';
          }
          if (change.customerId)
            await subscriptions.rememberCustomer(tx, change.state.accountId, 'stripe', change.customerId);
          const applied = await subscriptions.apply(tx, change.state);
          return applied ? 'applied' : 'stale';
        });
        if (outcome === 'applied' && change?.replaces) await endOtherSubscriptions(change.state, request.log);
        return { received: true, outcome };
      },
    );
  });

  /** A checkout while subscribed is a switch: the account's other Stripe subscription ends, so nobody pays twice. */
  async function endOtherSubscriptions(state: SubscriptionState, log: FastifyInstance['log']): Promise<void> {
    const { rows } = await app.db.query<{ externalId: string }>(
      `SELECT external_id AS "externalId" FROM billing_subscriptions WHERE account_id = $1 AND provider = 'stripe' AND external_id <> $2 AND status <> 'canceled'`,
      [state.accountId, state.externalId],
    );
    for (const { externalId } of rows) {
      try {
        const canceled = await stripe.client.subscriptions.cancel(externalId);
        const next = stripe.stateOf(canceled, state.accountId, new Date());
        if (next) await app.db.transaction((tx) => subscriptions.apply(tx, next));
      } catch (error) {
        log.error({ err: error, externalId }, 'the replaced Stripe subscription could not be canceled');
      }
    }
  }
}
