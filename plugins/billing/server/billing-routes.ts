import type { FastifyInstance } from 'fastify';
import { httpError, idString, tenantOf } from '../../../server/plugin-api';
import {
  BILLING_PAGE,
  BILLING_PATHS,
  BILLING_SERVER_MESSAGES as MESSAGES,
  PAID_PLAN_IDS,
  type BillingOverviewResponse,
  type ChangePlanRequest,
  type LocalCheckoutResponse,
  type RedirectResponse,
  type StartCheckoutRequest,
  type SubscriptionResponse,
} from '../common/billing-contract';
import type { AccountLimits } from './account-limits';
import { overviewSchema, subscriptionResource, subscriptionResponseSchema } from './billing-schemas';
import type { BillingProvider } from './providers/billing-provider';
import { BillingProviderError } from './providers/billing-provider';
import type { LocalProvider } from './providers/local-provider';
import type { SubscriptionRepository, SubscriptionState } from './subscription-repository';

export interface BillingDeps {
  subscriptions: SubscriptionRepository;
  limits: AccountLimits;
  provider: BillingProvider;
  local: LocalProvider;
}

const plan = { type: 'string', enum: [...PAID_PLAN_IDS] } as const;
const redirectSchema = {
  200: { type: 'object', required: ['redirect_uri'], properties: { redirect_uri: { type: 'string' } } },
} as const;
/** Account-level admin routes: the account in the query or body, else the caller's last used one. */
const adminOf = (location: 'query.accountId' | 'body.accountId') =>
  ({ access: 'member', tenant: { account: location, optional: true, role: 'admin' } }) as const;
const accountQuery = { type: 'object', additionalProperties: false, properties: { accountId: idString } } as const;
const checkoutParams = {
  type: 'object',
  required: ['checkoutSessionId'],
  properties: { checkoutSessionId: { type: 'string', pattern: '^lcs_[A-Za-z0-9_-]{10,64}$' } },
} as const;

/** A provider's failure in words for people (502), anything else as it was. */
async function throughProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BillingProviderError)
      throw httpError(error.message === MESSAGES.noCustomer ? 409 : 502, 'provider_failed', error.message);
    throw error;
  }
}

/** docs/product-contract.md#calls "Subscriptions" and the portal call, plus the billing page's overview and the local checkout. */
export function registerBillingRoutes(app: FastifyInstance, deps: BillingDeps): void {
  const { subscriptions, limits, provider, local } = deps;
  const returnUrl = `${app.config.publicUrl.replace(/\/+$/, '')}${BILLING_PAGE}`;

  const record = (state: SubscriptionState, invoice = false) =>
    app.db.transaction(async (tx) => {
      await subscriptions.apply(tx, state);
      if (invoice && state.provider === 'local' && state.status !== 'canceled')
        await local.invoice(tx, state.accountId, state.plan);
    });

  app.get<{ Querystring: { accountId?: string } }>(
    BILLING_PATHS.overview,
    {
      config: adminOf('query.accountId'),
      schema: {
        summary: "An account's billing: plan, subscription, usage and invoices (account admins)",
        querystring: accountQuery,
        response: { 200: overviewSchema },
      },
    },
    async (request): Promise<BillingOverviewResponse> => {
      const { accountId } = tenantOf(request);
      const { plan: current, subscription, period } = await limits.planOf(accountId);
      const customerId = await subscriptions.customerOf(accountId, provider.id);
      // Invoices are the provider's; the page still opens when it cannot be reached.
      const invoices = await provider.invoices(accountId, customerId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'invoices could not be listed');
        return [];
      });
      return {
        data: {
          accountId,
          plan: current.id,
          provider: provider.id,
          subscription: subscription ? subscriptionResource(subscription, true) : null,
          usage: await limits.usage(accountId, period),
          invoices,
        },
      };
    },
  );

  app.post<{ Body: StartCheckoutRequest }>(
    BILLING_PATHS.startCheckout,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: 'Start paying for a plan: the checkout page to open (account admins)',
        body: {
          type: 'object',
          required: ['plan'],
          additionalProperties: false,
          properties: { accountId: idString, plan },
        },
        response: redirectSchema,
      },
    },
    async (request): Promise<RedirectResponse> => {
      const { accountId } = tenantOf(request);
      const user = request.currentUser!;
      const customerId = await subscriptions.customerOf(accountId, provider.id);
      const redirect = await throughProvider(() =>
        provider.startCheckout({
          accountId,
          userId: user.id,
          email: user.email,
          plan: request.body.plan,
          customerId,
          returnUrl,
        }),
      );
      return { redirect_uri: redirect };
    },
  );

  app.get<{ Querystring: { accountId?: string } }>(
    BILLING_PATHS.portal,
    {
      config: adminOf('query.accountId'),
      schema: {
        summary: "The payment provider's customer portal to open (invoices, card; account admins)",
        querystring: accountQuery,
        response: redirectSchema,
      },
    },
    async (request): Promise<RedirectResponse> => {
      const { accountId } = tenantOf(request);
      const customerId = await subscriptions.customerOf(accountId, provider.id);
      return { redirect_uri: await throughProvider(() => provider.portal({ accountId, customerId, returnUrl })) };
    },
  );

  app.delete<{ Querystring: { accountId?: string } }>(
    BILLING_PATHS.cancel,
    {
      config: adminOf('query.accountId'),
      schema: {
        summary: "Cancel an account's subscription (account admins)",
        querystring: accountQuery,
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request): Promise<SubscriptionResponse> => {
      const { accountId } = tenantOf(request);
      const current = await subscriptions.current(accountId);
      if (!current) throw httpError(409, 'no_subscription', MESSAGES.noSubscription);
      const handler = current.provider === 'local' ? local : provider;
      await record(await throughProvider(() => handler.cancel(current)));
      return { data: subscriptionResource((await subscriptions.find(current.id))!, false) };
    },
  );

  app.put<{ Params: { subscriptionId: string }; Body: ChangePlanRequest }>(
    BILLING_PATHS.change(':subscriptionId'),
    {
      config: { access: 'member', tenant: { resource: 'subscription', id: 'params.subscriptionId', role: 'admin' } },
      schema: {
        summary: "Change a subscription's plan (account admins)",
        params: { type: 'object', required: ['subscriptionId'], properties: { subscriptionId: idString } },
        body: { type: 'object', required: ['plan'], additionalProperties: false, properties: { plan } },
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request): Promise<SubscriptionResponse> => {
      const current = await subscriptions.find(request.params.subscriptionId);
      if (!current || current.status === 'canceled') throw httpError(404, 'not_found', MESSAGES.notFound);
      if (current.plan === request.body.plan) throw httpError(409, 'same_plan', MESSAGES.samePlan, 'plan');
      const handler = current.provider === 'local' ? local : provider;
      await record(await throughProvider(() => handler.changePlan(current, request.body.plan)), true);
      const fresh = (await subscriptions.find(current.id))!;
      return { data: subscriptionResource(fresh, fresh.status !== 'canceled') };
    },
  );

  app.get<{ Params: { checkoutSessionId: string } }>(
    BILLING_PATHS.localCheckout(':checkoutSessionId'),
    {
      config: {
        access: 'member',
        tenant: { resource: 'localCheckout', id: 'params.checkoutSessionId', role: 'admin' },
      },
      schema: {
        summary: 'A checkout of the built-in provider (an installation without a payment account)',
        params: checkoutParams,
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  accountId: { type: 'string' },
                  plan: { type: 'string' },
                  state: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
    async (request): Promise<LocalCheckoutResponse> => {
      const { rows } = await app.db.query<LocalCheckoutResponse['data']>(
        `SELECT id, account_id::text AS "accountId", plan,
                CASE WHEN completed_at IS NOT NULL THEN 'completed' WHEN expires_at <= now() THEN 'expired' ELSE 'open' END AS state
         FROM billing_local_checkouts WHERE id = $1`,
        [request.params.checkoutSessionId],
      );
      return { data: rows[0] };
    },
  );

  // The local checkout page's "Subscribe": the one way a local plan starts. Good once.
  app.post<{ Params: { checkoutSessionId: string } }>(
    BILLING_PATHS.completeLocalCheckout(':checkoutSessionId'),
    {
      config: {
        access: 'member',
        tenant: { resource: 'localCheckout', id: 'params.checkoutSessionId', role: 'admin' },
      },
      schema: {
        summary: 'Complete a checkout of the built-in provider (nobody is charged)',
        params: checkoutParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request): Promise<SubscriptionResponse> => {
      const id = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ accountId: string; plan: (typeof PAID_PLAN_IDS)[number] }>(
          `UPDATE billing_local_checkouts SET completed_at = now() WHERE id = $1 AND completed_at IS NULL AND expires_at > now()
           RETURNING account_id::text AS "accountId", plan`,
          [request.params.checkoutSessionId],
        );
        if (!rows[0]) return null;
        const { accountId, plan: chosen } = rows[0];
        const current = await subscriptions.current(accountId, tx);
        const state = await local.checkoutState(tx, accountId, chosen, current);
        await subscriptions.apply(tx, state);
        await local.invoice(tx, accountId, chosen);
        // Another provider's subscription (an installation that moved to local) is ended here, not charged twice.
        if (current && current.provider !== 'local')
          await tx.query(`UPDATE billing_subscriptions SET status = 'canceled', updated_at = now() WHERE id = $1`, [
            current.id,
          ]);
        return (await subscriptions.byExternalId('local', state.externalId, tx))!.id;
      });
      if (!id) throw httpError(409, 'checkout_used', MESSAGES.checkoutUsed);
      return { data: subscriptionResource((await subscriptions.find(id))!, true) };
    },
  );
}
