import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BILLING_PATHS, BILLING_SERVER_MESSAGES } from '../../plugins/billing/common/billing-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { accountOf, seedVersion, setup } from './billing-test-kit';
import {
  deliver,
  signedEvent,
  startStripeDouble,
  STRIPE_TEST_ENV,
  stripeSubscription,
  type StripeDouble,
} from './billing-stripe-double';
import { newMember, type Member } from './projects-test-kit';

/**
 * The Stripe adapter against a local double of the endpoints it calls, with webhooks signed by
 * the package's own test helper: checkout -> signed checkout.session.completed -> plan changed ->
 * limit lifted; a redelivery and an older event change nothing; a cancellation is not revived;
 * portal, change and cancel go to Stripe; a bad or missing signature is refused.
 */

let double: StripeDouble;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  double = await startStripeDouble();
  Object.assign(process.env, STRIPE_TEST_ENV, { STRIPE_API_BASE: double.origin });
});

afterAll(async () => {
  for (const name of [...Object.keys(STRIPE_TEST_ENV), 'STRIPE_API_BASE']) delete process.env[name];
  await double?.close();
});

const planOf = async (member: Member, accountId: string) =>
  (await member.client.get(`${BILLING_PATHS.overview}?accountId=${accountId}`)).body.data;

describeOnBothDatabases('plans and billing (Stripe adapter, local double)', (ctx) => {
  it('checkout -> signed webhook -> plan changed -> limit lifted; twice and out of order change nothing twice', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx.db, member.workspaceId);
    const version = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId);
    expect((await setup(member, version, ['es', 'ca'])).status).toBe(402);

    const started = await member.client.post(BILLING_PATHS.startCheckout, { accountId, plan: 'starter' });
    expect(started.body).toEqual({ redirect_uri: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    const checkoutCall = double.calls.findLast((call) => call.path === '/v1/checkout/sessions')!;
    expect(checkoutCall.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_starter_test',
      'line_items[0][quantity]': '1',
      client_reference_id: accountId,
      'subscription_data[metadata][accountId]': accountId,
      success_url: 'http://localhost:3000/billing?checkout=done',
    });
    // Coming back is not paying: nothing changes until Stripe says so.
    expect((await planOf(member, accountId)).plan).toBe('free');

    const subId = `sub_${accountId}`;
    double.subscriptions.set(subId, stripeSubscription(subId, accountId, 'price_starter_test'));
    const now = Math.floor(Date.now() / 1000);
    const completed = signedEvent(
      'checkout.session.completed',
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        subscription: subId,
        customer: `cus_${accountId}`,
        client_reference_id: accountId,
      },
      now,
    );
    expect(await deliver(ctx, completed)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await planOf(member, accountId)).toMatchObject({
      plan: 'starter',
      provider: 'stripe',
      subscription: { attributes: { status: 'active', isCurrent: true } },
    });
    expect((await setup(member, version, ['es', 'ca'])).status).toBe(202);
    // Delivered twice: recorded once.
    expect((await deliver(ctx, completed)).body.outcome).toBe('duplicate');

    // Newer "updated" (Pro) then an older one (Starter) arriving late: Pro stays.
    const toPro = signedEvent(
      'customer.subscription.updated',
      stripeSubscription(subId, accountId, 'price_pro_test'),
      now + 20,
    );
    const older = signedEvent(
      'customer.subscription.updated',
      stripeSubscription(subId, accountId, 'price_starter_test'),
      now + 10,
    );
    expect((await deliver(ctx, toPro)).body.outcome).toBe('applied');
    expect((await deliver(ctx, older)).body.outcome).toBe('stale');
    expect((await planOf(member, accountId)).plan).toBe('pro');

    // A deletion, then an "active" update of the same second: the cancellation is not revived.
    const deleted = signedEvent(
      'customer.subscription.deleted',
      stripeSubscription(subId, accountId, 'price_pro_test', 'canceled'),
      now + 30,
    );
    const sameSecond = signedEvent(
      'customer.subscription.updated',
      stripeSubscription(subId, accountId, 'price_pro_test'),
      now + 30,
    );
    expect((await deliver(ctx, deleted)).body.outcome).toBe('applied');
    expect((await deliver(ctx, sameSecond)).body.outcome).toBe('stale');
    expect(await planOf(member, accountId)).toMatchObject({ plan: 'free', subscription: null });
    const flag = await ctx.db.query<{ f: boolean }>('SELECT subscription_is_current AS f FROM accounts WHERE id = $1', [
      accountId,
    ]);
    expect(flag.rows[0].f).toBe(false);
    const other = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId);
    expect((await setup(member, other, ['es', 'ca'])).status).toBe(402);
  });

  it('refuses unsigned and wrongly signed events, changing nothing', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx.db, member.workspaceId);
    const event = signedEvent(
      'customer.subscription.updated',
      stripeSubscription(`sub_bad_${accountId}`, accountId, 'price_pro_test'),
    );
    expect(await deliver(ctx, { payload: event.payload })).toMatchObject({
      status: 401,
      body: { message: BILLING_SERVER_MESSAGES.signatureMissing },
    });
    const forged = signer.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_someone_else' });
    expect(await deliver(ctx, { payload: event.payload, signature: forged })).toMatchObject({
      status: 400,
      body: { message: BILLING_SERVER_MESSAGES.signatureInvalid },
    });
    const tampered = event.payload.replace('price_pro_test', 'price_starter_test');
    expect((await deliver(ctx, { payload: tampered, signature: event.signature })).status).toBe(400);
    expect((await planOf(member, accountId)).plan).toBe('free');
    // The genuine one still applies afterwards (a refused delivery records nothing).
    expect((await deliver(ctx, event)).body.outcome).toBe('applied');
    expect((await planOf(member, accountId)).plan).toBe('pro');
  });

  it('opens the portal, changes the plan and cancels through Stripe; lists its invoices', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx.db, member.workspaceId);
    expect((await member.client.get(`${BILLING_PATHS.portal}?accountId=${accountId}`)).body).toMatchObject({
      statusCode: 409,
      message: BILLING_SERVER_MESSAGES.noCustomer,
    });
    const subId = `sub_portal_${accountId}`;
    double.subscriptions.set(subId, stripeSubscription(subId, accountId, 'price_starter_test'));
    await deliver(
      ctx,
      signedEvent('checkout.session.completed', {
        id: 'cs_x',
        object: 'checkout.session',
        mode: 'subscription',
        subscription: subId,
        customer: `cus_${accountId}`,
        client_reference_id: accountId,
      }),
    );

    expect((await member.client.get(`${BILLING_PATHS.portal}?accountId=${accountId}`)).body).toEqual({
      redirect_uri: `https://billing.stripe.test/p/session/cus_${accountId}`,
    });
    const overview = await planOf(member, accountId);
    expect(overview.invoices).toEqual([
      {
        id: 'in_test_1',
        number: 'PC-0001',
        date: new Date(1_790_000_000_000).toISOString(),
        amount: 1900,
        currency: 'usd',
        status: 'paid',
        url: 'https://invoice.stripe.test/i/in_test_1',
      },
    ]);

    const changed = await member.client.put(BILLING_PATHS.change(overview.subscription.id), { plan: 'pro' });
    expect(changed.body.data.attributes).toMatchObject({ plan: 'pro', provider: 'stripe', isCurrent: true });
    expect(
      double.calls.findLast((call) => call.method === 'POST' && call.path === `/v1/subscriptions/${subId}`)!.params,
    ).toMatchObject({
      'items[0][id]': `si_${subId}`,
      'items[0][price]': 'price_pro_test',
      proration_behavior: 'create_prorations',
    });
    const canceled = await member.client.delete(`${BILLING_PATHS.cancel}?accountId=${accountId}`);
    expect(canceled.body.data.attributes).toMatchObject({ status: 'canceled', isCurrent: false });
    expect(double.calls.some((call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${subId}`)).toBe(
      true,
    );
    expect((await planOf(member, accountId)).plan).toBe('free');
  });
});
