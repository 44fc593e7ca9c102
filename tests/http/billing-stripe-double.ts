import type { IncomingMessage } from 'node:http';
import Stripe from 'stripe';
import { BILLING_PATHS } from '../../plugins/billing/common/billing-contract';
import { startLoopbackServer, type LoopbackServer } from '../../server/net/testing/loopback-server';
import type { TestAppContext } from '../support/test-app';

/**
 * A local double of the Stripe endpoints the adapter calls (Checkout sessions, Billing Portal
 * sessions, subscriptions retrieve/update/cancel, invoices list), answering in Stripe's shapes
 * and recording each call's form parameters, so a test sees what the real API would have been
 * sent. The stripe package is pointed at it with its host/port/protocol options.
 */
export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
}

export interface StripeDouble {
  origin: string;
  calls: StripeCall[];
  /** Subscriptions the double knows, by id (a checkout's webhook names one of these). */
  subscriptions: Map<string, any>;
  close(): Promise<void>;
}

const PRICES = { starter: 'price_starter_test', pro: 'price_pro_test' } as const;
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_polycue',
  STRIPE_WEBHOOK_SECRET: 'whsec_polycue_test',
  STRIPE_PRICE_STARTER: PRICES.starter,
  STRIPE_PRICE_PRO: PRICES.pro,
};

export function stripeSubscription(id: string, accountId: string, price: string, status = 'active') {
  const start = Math.floor(Date.now() / 1000) - 60;
  return {
    id,
    object: 'subscription',
    customer: `cus_${accountId}`,
    status,
    metadata: { accountId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: price, object: 'price' },
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
        },
      ],
    },
  };
}

const signer = new Stripe('sk_test_signer');
let eventCounter = 0;

/** A Stripe event signed with the test webhook secret by the package's own helper (`signedAt`: the signature's time, seconds). */
export function signedEvent(
  type: string,
  object: unknown,
  created = Math.floor(Date.now() / 1000),
  id = `evt_test_${++eventCounter}`,
  signedAt?: number,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    data: { object },
  });
  return {
    id,
    payload,
    signature: signer.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
      ...(signedAt ? { timestamp: signedAt } : {}),
    }),
  };
}

export async function deliver(ctx: TestAppContext, event: { payload: string; signature?: string }) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: BILLING_PATHS.stripeWebhook,
    payload: event.payload,
    headers: {
      'content-type': 'application/json',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() };
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const query = new URL(request.url ?? '/', 'http://x').searchParams;
  return Object.fromEntries([...query, ...new URLSearchParams(Buffer.concat(chunks).toString('utf8'))]);
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const calls: StripeCall[] = [];
  const subscriptions = new Map<string, any>();
  const server: LoopbackServer = await startLoopbackServer('127.0.0.1', (request, response) => {
    void formOf(request).then((params) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      calls.push({ method: request.method ?? 'GET', path, params });
      const send = (status: number, body: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
          .end(JSON.stringify(body));
      const subscriptionId = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path)?.[1];
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          mode: 'subscription',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
        });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_test_1',
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${params.customer}`,
        });
      }
      if (request.method === 'GET' && path === '/v1/invoices') {
        return send(200, {
          object: 'list',
          has_more: false,
          url: '/v1/invoices',
          data: [
            {
              id: 'in_test_1',
              object: 'invoice',
              number: 'PC-0001',
              created: 1_790_000_000,
              total: 1900,
              currency: 'usd',
              status: 'paid',
              hosted_invoice_url: 'https://invoice.stripe.test/i/in_test_1',
            },
          ],
        });
      }
      if (subscriptionId) {
        const subscription = subscriptions.get(subscriptionId);
        if (!subscription)
          return send(404, {
            error: { type: 'invalid_request_error', message: `No such subscription: '${subscriptionId}'` },
          });
        if (request.method === 'POST') {
          if (params['items[0][price]']) subscription.items.data[0].price.id = params['items[0][price]'];
          if (params['metadata[plan]']) subscription.metadata.plan = params['metadata[plan]'];
        }
        if (request.method === 'DELETE') subscription.status = 'canceled';
        return send(200, subscription);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unknown path ${path}` } });
    });
  });
  return { origin: server.origin, calls, subscriptions, close: () => server.close() };
}
