import { afterAll, beforeAll, expect, it } from 'vitest';
import { BILLING_PATHS, BILLING_SERVER_MESSAGES } from '../../plugins/billing/common/billing-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { accountOf } from './billing-test-kit';
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
 * Issue 22 item 4: validly signed events that are odd must never answer 500 (Stripe retries a
 * 5xx for days), a subscription Stripe ended stays ended whatever arrives later, and a signature
 * dated ahead is refused like one dated behind.
 */

let double: StripeDouble;

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

describeOnBothDatabases('Stripe webhooks: odd but signed events, ended subscriptions, future signatures', (ctx) => {
  it('acknowledges a null object and an unknown account (2xx, ignored), never a 500, and changes nothing', async () => {
    for (const type of ['customer.subscription.updated', 'checkout.session.completed', 'invoice.paid']) {
      expect(await deliver(ctx, signedEvent(type, null)), type).toEqual({
        status: 200,
        body: { received: true, outcome: 'ignored' },
      });
    }
    const nowhere = '999999999';
    const unknown = signedEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_nowhere', nowhere, 'price_pro_test'),
    );
    expect(await deliver(ctx, unknown)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    double.subscriptions.set(
      'sub_nowhere_checkout',
      stripeSubscription('sub_nowhere_checkout', nowhere, 'price_pro_test'),
    );
    const checkout = signedEvent('checkout.session.completed', {
      id: 'cs_nowhere',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_nowhere_checkout',
      customer: 'cus_nowhere',
      client_reference_id: nowhere,
    });
    expect(await deliver(ctx, checkout)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    const notAnId = signedEvent('checkout.session.completed', {
      id: 'cs_bad',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_nowhere_checkout',
      client_reference_id: 'x; DROP',
    });
    expect((await deliver(ctx, notAnId)).status).toBe(200);
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM billing_subscriptions WHERE external_id LIKE 'sub_nowhere%'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('never revives a subscription Stripe ended, even by a newer "updated" (active) event', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx.db, member.workspaceId);
    const subId = `sub_ended_${accountId}`;
    const now = Math.floor(Date.now() / 1000);
    expect(
      (
        await deliver(
          ctx,
          signedEvent('customer.subscription.created', stripeSubscription(subId, accountId, 'price_pro_test'), now),
        )
      ).body.outcome,
    ).toBe('applied');
    expect((await planOf(member, accountId)).plan).toBe('pro');
    expect(
      (
        await deliver(
          ctx,
          signedEvent(
            'customer.subscription.deleted',
            stripeSubscription(subId, accountId, 'price_pro_test', 'canceled'),
            now + 10,
          ),
        )
      ).body.outcome,
    ).toBe('applied');
    const revived = await deliver(
      ctx,
      signedEvent('customer.subscription.updated', stripeSubscription(subId, accountId, 'price_pro_test'), now + 20),
    );
    expect(revived).toEqual({ status: 200, body: { received: true, outcome: 'stale' } });
    expect(await planOf(member, accountId)).toMatchObject({ plan: 'free', subscription: null });
  });

  it('still lets an incomplete subscription (not ended) become active when its first payment succeeds', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx.db, member.workspaceId);
    const subId = `sub_incomplete_${accountId}`;
    const now = Math.floor(Date.now() / 1000);
    expect(
      (
        await deliver(
          ctx,
          signedEvent(
            'customer.subscription.created',
            stripeSubscription(subId, accountId, 'price_starter_test', 'incomplete'),
            now,
          ),
        )
      ).body.outcome,
    ).toBe('applied');
    expect((await planOf(member, accountId)).plan).toBe('free');
    expect(
      (
        await deliver(
          ctx,
          signedEvent(
            'customer.subscription.updated',
            stripeSubscription(subId, accountId, 'price_starter_test'),
            now + 5,
          ),
        )
      ).body.outcome,
    ).toBe('applied');
    expect((await planOf(member, accountId)).plan).toBe('starter');
  });

  it('refuses a signature dated an hour ahead, as one an hour behind, and accepts one of now', async () => {
    const member = await newMember(ctx);
    const accountId = await accountOf(ctx.db, member.workspaceId);
    const now = Math.floor(Date.now() / 1000);
    const object = stripeSubscription(`sub_clock_${accountId}`, accountId, 'price_pro_test');
    const ahead = signedEvent('customer.subscription.created', object, now, undefined, now + 3600);
    expect(await deliver(ctx, ahead)).toMatchObject({
      status: 400,
      body: { message: BILLING_SERVER_MESSAGES.signatureInvalid },
    });
    const behind = signedEvent('customer.subscription.created', object, now, undefined, now - 3600);
    expect(await deliver(ctx, behind)).toMatchObject({
      status: 400,
      body: { message: BILLING_SERVER_MESSAGES.signatureInvalid },
    });
    expect((await planOf(member, accountId)).plan).toBe('free');
    // A clock a minute off is within Stripe's tolerance either way.
    expect(
      (await deliver(ctx, signedEvent('customer.subscription.created', object, now, undefined, now + 60))).body.outcome,
    ).toBe('applied');
  });
});
