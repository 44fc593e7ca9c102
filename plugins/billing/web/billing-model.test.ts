import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createAppModel, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { BillingOverview } from '../common/billing-contract';
import { createBillingModel } from './billing-model';

const subscription = {
  id: '5',
  type: 'subscription' as const,
  attributes: {
    accountId: 'a1',
    plan: 'starter' as const,
    status: 'active' as const,
    provider: 'local' as const,
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    isCurrent: true,
  },
};
const overview = (subscribed: boolean): BillingOverview => ({
  accountId: 'a1',
  plan: subscribed ? 'starter' : 'free',
  provider: 'local',
  subscription: subscribed ? subscription : null,
  usage: {
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    minutesProcessed: 3.5,
    voiceOvers: 0,
    seatsUsed: 1,
  },
  invoices: [],
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const visited: string[] = [];
  const left: string[] = [];
  const navigator = { navigate: (path: string) => void visited.push(path) } as never;
  const model = createBillingModel({
    api,
    app,
    toast,
    navigator,
    logger: { error: () => {} },
    leave: (url) => void left.push(url),
  });
  const scope = fork({ values: [[app.$currentAccountId, 'a1']] });
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title }) => ({ kind, title }));
  return { api, model, scope, toasts, visited, left };
}

const down = () => new ApiError('The payment provider could not be reached', 502, 'provider_failed');

describe('billing model (docs/product-contract.md#messages "Subscriptions and billing", verbatim)', () => {
  it('goes where the checkout and the portal say: a page of ours in the app, a provider outside it', async () => {
    const kit = setUp();
    kit.api
      .reply('POST', '/api/v1/subscriptions/start_checkout_session', {
        redirect_uri: '/billing/checkout?session=lcs_abcdefghijk',
      })
      .reply('GET', '/api/v1/users/create_customer_portal_session', {
        redirect_uri: 'https://billing.stripe.test/p/session/x',
      });
    await allSettled(kit.model.subscribeRequested, { scope: kit.scope, params: 'pro' });
    await allSettled(kit.model.portalRequested, { scope: kit.scope });
    expect(kit.api.callsTo('POST', '/api/v1/subscriptions/start_checkout_session')[0].body).toEqual({
      accountId: 'a1',
      plan: 'pro',
    });
    expect(kit.visited).toEqual(['/billing/checkout?session=lcs_abcdefghijk']);
    expect(kit.left).toEqual(['https://billing.stripe.test/p/session/x']);
  });

  it("says Can't sell the subscription, Can't open the billing, Can't update and Can't cancel the subscription", async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/subscriptions', { data: overview(true) })
      .reply('POST', '/api/v1/subscriptions/start_checkout_session', down())
      .reply('GET', '/api/v1/users/create_customer_portal_session', down())
      .reply('PUT', '/api/v1/subscriptions/5', down())
      .reply('DELETE', '/api/v1/subscriptions/cancel', down());
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.subscribeRequested, { scope: kit.scope, params: 'pro' });
    await allSettled(kit.model.portalRequested, { scope: kit.scope });
    await allSettled(kit.model.planChangeRequested, { scope: kit.scope, params: 'pro' });
    await allSettled(kit.model.cancelRequested, { scope: kit.scope });
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: "Can't sell the subscription" },
      { kind: 'error', title: "Can't open the billing" },
      { kind: 'error', title: "Can't update the subscription" },
      { kind: 'error', title: "Can't cancel the subscription" },
    ]);
  });

  it('says Subscription has been updated / canceled and reloads the overview and the user', async () => {
    const kit = setUp();
    let subscribed = true;
    kit.api
      .reply('GET', '/api/v1/subscriptions', () => ({ data: overview(subscribed) }))
      .reply('GET', '/api/v1/users/', { data: null })
      .reply('PUT', '/api/v1/subscriptions/5', {
        data: { ...subscription, attributes: { ...subscription.attributes, plan: 'pro' } },
      })
      .reply('DELETE', '/api/v1/subscriptions/cancel', () => {
        subscribed = false;
        return {
          data: { ...subscription, attributes: { ...subscription.attributes, status: 'canceled', isCurrent: false } },
        };
      });
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    // The plan it is already on: nothing is asked.
    await allSettled(kit.model.planChangeRequested, { scope: kit.scope, params: 'starter' });
    expect(kit.api.callsTo('PUT', '/api/v1/subscriptions/5')).toHaveLength(0);
    await allSettled(kit.model.planChangeRequested, { scope: kit.scope, params: 'pro' });
    expect(kit.api.callsTo('PUT', '/api/v1/subscriptions/5')[0].body).toEqual({ plan: 'pro' });
    await allSettled(kit.model.cancelRequested, { scope: kit.scope });
    expect(kit.toasts().filter((t) => t.kind === 'success')).toEqual([
      { kind: 'success', title: 'Subscription has been updated' },
      { kind: 'success', title: 'Subscription has been canceled' },
    ]);
    expect(kit.scope.getState(kit.model.$overview)?.plan).toBe('free');
    expect(kit.api.callsTo('GET', '/api/v1/users/').length).toBeGreaterThanOrEqual(2);
  });

  it('completes a local checkout once, then opens the billing page; a used one is said in place', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/subscriptions/local_checkouts/lcs_abcdefghijk', {
        data: { id: 'lcs_abcdefghijk', accountId: 'a1', plan: 'starter', state: 'open' },
      })
      .reply('POST', '/api/v1/subscriptions/local_checkouts/lcs_abcdefghijk/complete', { data: subscription })
      .reply('GET', '/api/v1/users/', { data: null });
    await allSettled(kit.model.checkoutOpened, { scope: kit.scope, params: 'lcs_abcdefghijk' });
    expect(kit.scope.getState(kit.model.$checkout)?.plan).toBe('starter');
    await allSettled(kit.model.checkoutConfirmed, { scope: kit.scope, params: 'lcs_abcdefghijk' });
    expect(kit.visited).toEqual(['/billing?checkout=done']);
    expect(kit.toasts()).toEqual([{ kind: 'success', title: 'Subscription has been updated' }]);

    kit.api.reply(
      'POST',
      '/api/v1/subscriptions/local_checkouts/lcs_abcdefghijk/complete',
      new ApiError('This checkout was already completed', 409, 'checkout_used'),
    );
    await allSettled(kit.model.checkoutConfirmed, { scope: kit.scope, params: 'lcs_abcdefghijk' });
    expect(kit.scope.getState(kit.model.$checkoutProblem)).toBe('This checkout was already completed');
    expect(kit.toasts().at(-1)).toEqual({ kind: 'error', title: "Can't sell the subscription" });
  });
});
