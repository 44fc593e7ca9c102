import { afterAll, beforeAll, expect, it } from 'vitest';
import { BILLING_PATHS, BILLING_SERVER_MESSAGES } from '../../plugins/billing/common/billing-contract';
import { PIPELINE_PATHS } from '../../plugins/pipeline/common/pipeline-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { startLoopbackServer, type LoopbackServer } from '../../server/net/testing/loopback-server';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { accountOf, colleague, runsOf, seedRun, seedVersion, setup, setupTts } from './billing-test-kit';
import { newMember, waitForElement, type Member } from './projects-test-kit';

/**
 * Plans with the local provider (the default): checkout -> the local page's "Subscribe" -> the
 * plan changed -> the limit lifted; change plan, cancel; usage metered from the account's runs;
 * refusals before anything is queued; who may do it.
 */

const MB = 1024 ** 2;

// A "video" announced at 600 MB (over the Free plan's 500 MB, under Starter's 2 GB) that never sends its body.
let bigFile: LoopbackServer;
beforeAll(async () => {
  bigFile = await startLoopbackServer('127.0.0.2', (_request, response) => {
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(600 * MB) });
    response.write(Buffer.alloc(1024));
    setTimeout(() => response.destroy(), 300);
  });
});
afterAll(() => bigFile?.close());

async function importLink(member: Member) {
  const res = await member.client.post(PROJECTS_PATHS.youtubeDlWithProject, {
    workspaceId: member.workspaceId,
    urls: [`${bigFile.origin}/talk.mp4`],
    submitUrlIdentifier: `billing-${Date.now()}`,
  });
  expect(res.status).toBe(201);
  return waitForElement(
    member.client,
    member.workspaceId,
    res.body.elements.data[0].id,
    (e) => e?.attributes.state === 'failed',
  );
}

async function subscribe(ctx: TestAppContext, member: Member, plan: 'starter' | 'pro') {
  const accountId = await accountOf(ctx.db, member.workspaceId);
  const started = await member.client.post(BILLING_PATHS.startCheckout, { accountId, plan });
  expect(started.status).toBe(200);
  const session = new URL(started.body.redirect_uri, 'http://x').searchParams.get('session')!;
  expect(started.body.redirect_uri).toBe(`/billing/checkout?session=${session}`);
  expect((await member.client.get(BILLING_PATHS.localCheckout(session))).body.data).toMatchObject({
    accountId,
    plan,
    state: 'open',
  });
  const done = await member.client.post(BILLING_PATHS.completeLocalCheckout(session), {});
  expect(done.status).toBe(200);
  return { accountId, session, subscription: done.body.data };
}

const overview = async (member: Member, accountId: string) =>
  (await member.client.get(`${BILLING_PATHS.overview}?accountId=${accountId}`)).body.data;
/** docs/product-contract.md#entities-and-fields: the account's subscription.isCurrent, as the signed-in user's accounts carry it. */
const isCurrentFlag = async (member: Member, accountId: string) =>
  (await member.client.get('/api/v1/users/')).body.included.find((account: any) => account.id === accountId).attributes
    .subscription.isCurrent;

describeOnBothDatabases(
  'plans and billing (local provider)',
  { config: { linkImportAllowCidrs: ['127.0.0.2/32'] } },
  (ctx) => {
    it('checkout -> subscribed -> a set-up over the free plan is accepted; change plan; cancel brings the limit back', async () => {
      const member = await newMember(ctx);
      const accountId = await accountOf(ctx.db, member.workspaceId);
      const before = await overview(member, accountId);
      expect(before).toMatchObject({
        plan: 'free',
        provider: 'local',
        subscription: null,
        usage: { minutesProcessed: 0, voiceOvers: 0, seatsUsed: 1 },
        invoices: [],
      });

      // Free: one target language a run. Refused with the plan's words, nothing queued.
      const first = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId);
      const refused = await setup(member, first, ['es', 'ca']);
      expect(refused.body).toMatchObject({ statusCode: 402, code: 'plan_limit', field: 'settings.subtitleLanguages' });
      expect(refused.body.message).toBe(
        'The Free plan translates into 1 language a run; this set-up asks for 2. Upgrade to Starter for more.',
      );
      expect(await runsOf(ctx.db, first)).toBe(0);
      expect(
        (await member.client.get(`${PROJECTS_PATHS.elements}?workspaceId=${member.workspaceId}`)).body.meta
          .maxElementBytes,
      ).toBe(500 * MB);

      const { session, subscription } = await subscribe(ctx, member, 'starter');
      expect(subscription).toMatchObject({
        type: 'subscription',
        attributes: { accountId, plan: 'starter', status: 'active', provider: 'local', isCurrent: true },
      });
      expect(await isCurrentFlag(member, accountId)).toBe(true);
      // Good once.
      expect((await member.client.post(BILLING_PATHS.completeLocalCheckout(session), {})).body).toMatchObject({
        statusCode: 409,
        message: BILLING_SERVER_MESSAGES.checkoutUsed,
      });

      expect((await setup(member, first, ['es', 'ca'])).status).toBe(202);
      expect(await runsOf(ctx.db, first)).toBe(1);
      expect(
        (await member.client.get(`${PROJECTS_PATHS.elements}?workspaceId=${member.workspaceId}`)).body.meta
          .maxElementBytes,
      ).toBe(Math.min(2048 * MB, ctx.config.maxElementBytes));

      const subscribed = await overview(member, accountId);
      expect(subscribed).toMatchObject({ plan: 'starter', subscription: { id: subscription.id } });
      expect(subscribed.invoices).toEqual([
        expect.objectContaining({ amount: 1900, currency: 'usd', status: 'paid', url: null }),
      ]);

      const changed = await member.client.put(BILLING_PATHS.change(subscription.id), { plan: 'pro' });
      expect(changed.body.data).toMatchObject({ id: subscription.id, attributes: { plan: 'pro', isCurrent: true } });
      expect((await member.client.put(BILLING_PATHS.change(subscription.id), { plan: 'pro' })).body).toMatchObject({
        statusCode: 409,
        message: BILLING_SERVER_MESSAGES.samePlan,
      });
      expect((await overview(member, accountId)).invoices.map((i: any) => i.amount)).toEqual([7900, 1900]);

      const canceled = await member.client.delete(`${BILLING_PATHS.cancel}?accountId=${accountId}`);
      expect(canceled.body.data).toMatchObject({
        id: subscription.id,
        attributes: { status: 'canceled', isCurrent: false },
      });
      expect(await isCurrentFlag(member, accountId)).toBe(false);
      expect((await overview(member, accountId)).plan).toBe('free');
      const second = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId);
      expect((await setup(member, second, ['es', 'ca'])).status).toBe(402);
      expect((await member.client.delete(`${BILLING_PATHS.cancel}?accountId=${accountId}`)).body).toMatchObject({
        statusCode: 409,
        message: BILLING_SERVER_MESSAGES.noSubscription,
      });
      // A canceled subscription is not changed back by a plan change.
      expect((await member.client.put(BILLING_PATHS.change(subscription.id), { plan: 'starter' })).status).toBe(404);
    });

    it('meters minutes and voice-overs from the runs; refuses what is left, voice-overs and voice cloning by plan', async () => {
      const member = await newMember(ctx);
      const accountId = await accountOf(ctx.db, member.workspaceId);
      const past = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId, 60);
      await seedRun(ctx.db, member.workspaceId, past, 29 * 60_000 + 59_000);
      // A failed run is not billed.
      await ctx.db.query(
        `UPDATE pipeline_runs SET state = 'failed' WHERE id = (SELECT id FROM pipeline_runs WHERE project_version_id = $1)`,
        [past],
      );
      await seedRun(ctx.db, member.workspaceId, past, 29 * 60_000 + 59_000);
      await seedRun(ctx.db, member.workspaceId, past, 0, ['es', 'fr', 'ca']);
      expect((await overview(member, accountId)).usage).toMatchObject({ minutesProcessed: 30, voiceOvers: 3 });

      const clip = await seedVersion(ctx.db, ctx.app.storage, member.workspaceId, 2);
      const settings = await member.client.get(
        `${PIPELINE_PATHS.showSettings}?workspaceId=${member.workspaceId}&projectVersionIds=${clip}`,
      );
      expect(settings.body.data.subscriptionSubtitlesLength).toBe(1);
      // The plan's real limit for the popup's hint (Free: one translation a run, not the engines' 20).
      expect(settings.body.data.targetLanguagesAllowed).toBe(1);
      const minutes = await setup(member, clip, ['es']);
      expect(minutes.body).toMatchObject({ statusCode: 402, code: 'plan_limit', field: 'projectVersionIds' });
      expect(minutes.body.message).toMatch(
        /^The Free plan processes 30 minutes a month; 0 minutes left, and this set-up needs 1\. Upgrade to Starter for more\.$/,
      );
      const voiceOver = await setupTts(member, clip, ['es']);
      expect(voiceOver.body).toMatchObject({
        statusCode: 402,
        field: 'settings.dubbingLanguages',
        message:
          'The Free plan makes 3 voice-overs a month; 3 are made and this set-up asks for 1. Upgrade to Starter for more.',
      });
      expect(await runsOf(ctx.db, clip)).toBe(0);

      const { subscription } = await subscribe(ctx, member, 'starter');
      const cloning = await setupTts(member, clip, ['es'], true);
      expect(cloning.body).toMatchObject({
        statusCode: 402,
        field: 'settings.voiceCloning',
        message: 'Voice cloning is not in the Starter plan. Upgrade to Pro for more.',
      });
      await member.client.put(BILLING_PATHS.change(subscription.id), { plan: 'pro' });
      const proSettings = await member.client.get(
        `${PIPELINE_PATHS.showSettings}?workspaceId=${member.workspaceId}&projectVersionIds=${clip}`,
      );
      expect(proSettings.body.data.targetLanguagesAllowed).toBe(20);
      // A paid plan counts from its own period's start (the runs before it were the free month's).
      await seedRun(ctx.db, member.workspaceId, past, 90_000, ['es', 'fr']);
      expect((await overview(member, accountId)).usage).toMatchObject({ minutesProcessed: 1.5, voiceOvers: 2 });
      // The plan allows it; this installation has no engine that clones a voice, and says so.
      expect((await setupTts(member, clip, ['es'], true)).body).toMatchObject({
        statusCode: 422,
        code: 'voice_cloning_not_supported',
      });
      expect(await runsOf(ctx.db, clip)).toBe(0);
      expect((await setupTts(member, clip, ['es'])).status).toBe(202);
    });

    it('is for account admins: a member is refused (403), another account gets 404', async () => {
      const owner = await newMember(ctx);
      const { accountId, subscription } = await subscribe(ctx, owner, 'starter');
      const member = await colleague(ctx, owner, 'member');
      const stranger = await newMember(ctx);
      for (const client of [member]) {
        expect((await client.get(`${BILLING_PATHS.overview}?accountId=${accountId}`)).status).toBe(403);
        expect((await client.post(BILLING_PATHS.startCheckout, { accountId, plan: 'pro' })).status).toBe(403);
        expect((await client.get(`${BILLING_PATHS.portal}?accountId=${accountId}`)).status).toBe(403);
        expect((await client.delete(`${BILLING_PATHS.cancel}?accountId=${accountId}`)).status).toBe(403);
        expect((await client.put(BILLING_PATHS.change(subscription.id), { plan: 'pro' })).status).toBe(403);
      }
      expect((await stranger.client.get(`${BILLING_PATHS.overview}?accountId=${accountId}`)).status).toBe(404);
      expect((await stranger.client.put(BILLING_PATHS.change(subscription.id), { plan: 'pro' })).body).toMatchObject({
        statusCode: 404,
        message: BILLING_SERVER_MESSAGES.notFound,
      });
      expect((await stranger.client.post(BILLING_PATHS.startCheckout, { accountId, plan: 'pro' })).status).toBe(404);
      expect((await owner.client.post(BILLING_PATHS.startCheckout, { accountId, plan: 'free' })).status).toBe(400);
      // The local portal is the billing page; a second admin may use it.
      const admin = await colleague(ctx, owner, 'admin');
      expect((await admin.get(`${BILLING_PATHS.portal}?accountId=${accountId}`)).body).toEqual({
        redirect_uri: '/billing',
      });
      expect((await overview(owner, accountId)).usage.seatsUsed).toBe(3);
    });

    it('counts seats (members and pending invitations): a newcomer past the plan is refused (402, nothing written), a bigger plan lets them in', async () => {
      const owner = await newMember(ctx);
      const accountId = await accountOf(ctx.db, owner.workspaceId);
      const invite = (emails: string[]) =>
        owner.client.post(`/api/v1/accounts/${accountId}/create_account_users`, { emails, role: 'member' });
      const pending = async () =>
        (
          await ctx.db.query('SELECT email FROM account_invitations WHERE account_id = $1 ORDER BY email', [accountId])
        ).rows.map((row: any) => row.email);
      const tag = Math.random().toString(36).slice(2, 8);
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => `${name}.${tag}@example.com`);

      // Free: 3 seats. The owner and two invitations fill them; inviting one of them again takes none.
      expect((await invite([a, b])).status).toBe(200);
      expect((await invite([a])).status).toBe(200);
      const refused = await invite([c, d]);
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'plan_limit', field: 'emails' });
      expect(refused.body.message).toBe(
        'The Free plan has 3 seats; this would make 5 people with the invitations pending. Upgrade to Starter for more.',
      );
      expect(await pending()).toEqual([a, b]);
      // The billing page's People bar counts them the same way.
      expect((await overview(owner, accountId)).usage.seatsUsed).toBe(3);

      await subscribe(ctx, owner, 'starter');
      expect((await invite([c, d])).status).toBe(200);
      expect(await pending()).toEqual([a, b, c, d]);
    });

    it('two invitations sent at once cannot both take the last seat', async () => {
      const owner = await newMember(ctx);
      const accountId = await accountOf(ctx.db, owner.workspaceId);
      const tag = Math.random().toString(36).slice(2, 8);
      // Free: 3 seats, the owner holds one; four admins' worth of invitations race for the other two.
      const answers = await Promise.all(
        ['a', 'b', 'c', 'd'].map((name) =>
          owner.client.post(`/api/v1/accounts/${accountId}/create_account_users`, {
            emails: [`${name}.${tag}@example.com`],
            role: 'member',
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 402, 402]);
      expect(
        (await ctx.db.query('SELECT count(*)::int AS n FROM account_invitations WHERE account_id = $1', [accountId]))
          .rows[0],
      ).toEqual({ n: 2 });
    });

    it("refuses a link over the plan's largest video (its project deleted, docs/product-contract.md#states-and-transitions); a bigger plan lets it through", async () => {
      const member = await newMember(ctx);
      const refused = await importLink(member);
      expect(refused.attributes).toMatchObject({
        failure: 'The file is larger than the allowed 500 MB',
        projectVersionIds: [],
      });
      await subscribe(ctx, member, 'starter');
      // Past the size check now: this one fails only because its body never comes.
      const fetched = await importLink(member);
      expect(fetched.attributes.failure).not.toMatch(/larger than the allowed/);
    });

    it('does not keep an upload over the plan: a project from it is refused (413) and the file goes', async () => {
      const member = await newMember(ctx);
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO elements (workspace_id, title, state, size_bytes, duration_ms) VALUES ($1, 'Big upload', 'ready', $2, 1000) RETURNING id::text AS id`,
        [member.workspaceId, 600 * MB],
      );
      const refused = await member.client.post(PROJECTS_PATHS.createWithProject, {
        workspaceId: member.workspaceId,
        elementId: rows[0].id,
      });
      expect(refused.body).toMatchObject({
        statusCode: 413,
        code: 'element_too_large',
        message: 'The file is larger than the allowed 500 MB',
      });
      expect((await ctx.db.query('SELECT 1 FROM elements WHERE id = $1', [rows[0].id])).rows).toHaveLength(0);
    });
  },
);
