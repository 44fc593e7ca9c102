import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { WEBHOOKS_PATHS } from '../../plugins/webhooks/common/webhooks-contract';
import { fakeDns } from '../../server/net/testing/fake-dns';
import { startLoopbackServer, type LoopbackServer } from '../../server/net/testing/loopback-server';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { addToAccount, grantAccess } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';

// Names set in fakeDns resolve to the addresses given: a receiver's name that turns private later.
vi.mock('node:dns/promises', async (original) =>
  (await import('../../server/net/testing/fake-dns')).fakeDnsModule(original),
);

// Three attempts a second apart (production: eight over 27 hours, delivery-tuning.ts).
process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '1,1';
process.env.WEBHOOK_TIMEOUT_SECONDS = '5';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
const failedOnce = new Set<string>();
let receiver: LoopbackServer;
let forbidden: LoopbackServer;

beforeAll(async () => {
  // The "private" server a delivery must never reach: 127.0.0.1 is outside the test allowance.
  forbidden = await startLoopbackServer('127.0.0.1', (_request, response) => response.end('secret'));
  receiver = await startLoopbackServer('127.0.0.2', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const id = String(request.headers['webhook-id']);
      if (path.startsWith('/fail-once') && !failedOnce.has(id)) {
        failedOnce.add(id);
        response.writeHead(500).end('busy, try later');
      } else if (path.startsWith('/always-500')) {
        response.writeHead(500).end('x'.repeat(5000));
      } else if (path.startsWith('/slow')) {
        // Never answers: the attempt's timeout ends it.
      } else if (path.startsWith('/to-metadata')) {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      }
    });
  });
});

afterAll(async () => {
  delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  delete process.env.WEBHOOK_TIMEOUT_SECONDS;
  await receiver?.close();
  await forbidden?.close();
});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Person = Awaited<ReturnType<typeof confirmedUser>>;

/** A receiver path of this test alone (both databases' runs share the receiver and their ids start at 1). */
const unique = (prefix: string) => `${prefix}/${randomBytes(6).toString('hex')}`;

async function createEndpoint(admin: Person, path: string, eventTypes = ['projects.versionCreated']) {
  const res = await admin.client.post(WEBHOOKS_PATHS.endpoints, {
    workspaceId: admin.workspaceId,
    url: `${receiver.origin}${path}`,
    eventTypes,
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as string, secret: res.body.data.attributes.secret as string };
}

async function createProject(person: Person, title: string) {
  const res = await person.client.post(PROJECTS_PATHS.projects, { workspaceId: person.workspaceId, title });
  expect(res.status, res.text).toBe(201);
}

async function deliveriesOf(person: Person, endpointId: string) {
  const res = await person.client.get(WEBHOOKS_PATHS.deliveries(endpointId));
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: string; attributes: Record<string, any> }[];
}

const settled = (ctx: TestAppContext, person: Person, endpointId: string, status: string) =>
  until(`a ${status} delivery`, async () => {
    const rows = await deliveriesOf(person, endpointId);
    return rows.find((row) => row.attributes.status === status);
  });

describeOnBothDatabases('Webhooks', { config: { linkImportAllowCidrs: ['127.0.0.2/32'] } }, (ctx) => {
  it('signs each delivery so the reference library (standardwebhooks) verifies it, and logs the answer', async () => {
    const admin = await confirmedUser(ctx);
    const path = unique('/ok');
    const endpoint = await createEndpoint(admin, path);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await admin.client.get(`${WEBHOOKS_PATHS.endpoints}?workspaceId=${admin.workspaceId}`);
    expect(listed.text).not.toContain(endpoint.secret);
    expect(listed.body.meta.eventTypes.map((e: { type: string }) => e.type)).toContain('pipeline.processingFinished');

    await createProject(admin, 'Launch video');
    const delivered = await settled(ctx, admin, endpoint.id, 'delivered');
    const request = received.find((r) => r.path === path)!;
    const payload = new Webhook(endpoint.secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({
      type: 'projects.versionCreated',
      data: { title: 'Launch video', workspaceId: admin.workspaceId },
    });
    expect(request.headers['webhook-id']).toBe(delivered.attributes.eventId);
    // Another secret does not verify it: the signature is the endpoint's.
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(request.body, request.headers as never),
    ).toThrow();
    expect(delivered.attributes).toMatchObject({ responseStatus: 200, responseExcerpt: 'thanks', attempts: 1 });

    // A rolled secret: the new one verifies, and the old one still does for a day.
    const rolled = await admin.client.post(WEBHOOKS_PATHS.rollSecret(endpoint.id));
    expect(rolled.status).toBe(200);
    await createProject(admin, 'Second');
    await until('the second delivery', async () => received.filter((r) => r.path === path).length === 2);
    const second = received.filter((r) => r.path === path)[1];
    for (const secret of [rolled.body.data.attributes.secret, endpoint.secret])
      expect(new Webhook(secret).verify(second.body, second.headers as never)).toMatchObject({
        data: { title: 'Second' },
      });
  });

  it('retries after a 500 with the same id, and delivers', async () => {
    const admin = await confirmedUser(ctx);
    const path = unique('/fail-once');
    const endpoint = await createEndpoint(admin, path);
    await createProject(admin, 'Retry me');
    const delivered = await settled(ctx, admin, endpoint.id, 'delivered');
    expect(delivered.attributes.attempts).toBe(2);
    const hits = received.filter((r) => r.path === path);
    expect(hits).toHaveLength(2);
    expect(hits[0].headers['webhook-id']).toBe(hits[1].headers['webhook-id']);
  });

  it('gives up after the last attempt: the endpoint is turned off and every account admin gets a mail; a re-send goes again', async () => {
    const admin = await confirmedUser(ctx);
    const path = unique('/always-500');
    const endpoint = await createEndpoint(admin, path);
    await createProject(admin, 'Never arrives');
    const failed = await settled(ctx, admin, endpoint.id, 'failed');
    expect(failed.attributes).toMatchObject({ attempts: 3, responseStatus: 500 });
    expect(failed.attributes.responseExcerpt).toHaveLength(1024);
    const list = await admin.client.get(`${WEBHOOKS_PATHS.endpoints}?workspaceId=${admin.workspaceId}`);
    expect(list.body.data[0].attributes).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining('500'),
    });
    const mail = await ctx.waitForMail((m) => m.to === admin.email && /webhook .* was turned off/.test(m.subject));
    expect(mail.text).toContain(`${receiver.origin}${path}`);

    expect((await admin.client.post(WEBHOOKS_PATHS.resend(failed.id))).status).toBe(422);
    expect((await admin.client.patch(WEBHOOKS_PATHS.endpoint(endpoint.id), { enabled: true })).status).toBe(200);
    const before = received.filter((r) => r.path === path).length;
    expect((await admin.client.post(WEBHOOKS_PATHS.resend(failed.id))).status).toBe(200);
    await until('the re-send', async () => received.filter((r) => r.path === path).length > before);
  });

  it('cuts an attempt that gets no answer at its timeout and logs why', async () => {
    process.env.WEBHOOK_TIMEOUT_SECONDS = '1';
    try {
      const admin = await confirmedUser(ctx);
      const endpoint = await createEndpoint(admin, unique('/slow'));
      await createProject(admin, 'Nobody answers');
      const timedOut = await until('the timed-out attempt', async () =>
        (await deliveriesOf(admin, endpoint.id)).find((row) => row.attributes.error),
      );
      expect(timedOut.attributes).toMatchObject({ responseStatus: null, error: 'No answer within 1 s' });
      expect(timedOut.attributes.durationMs).toBeGreaterThanOrEqual(900);
    } finally {
      process.env.WEBHOOK_TIMEOUT_SECONDS = '5';
    }
  });

  it('keeps the delivery log 30 days: the daily prune removes older finished deliveries only', async () => {
    const admin = await confirmedUser(ctx);
    const endpoint = await createEndpoint(admin, unique('/ok'));
    await createProject(admin, 'Old news');
    await createProject(admin, 'Fresh news');
    await until(
      'two deliveries',
      async () =>
        (await deliveriesOf(admin, endpoint.id)).filter((d) => d.attributes.status === 'delivered').length === 2,
    );
    const [fresh, old] = await deliveriesOf(admin, endpoint.id);
    await ctx.db.query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    await ctx.app.jobs.send('webhooks.prune', {});
    await ctx.runJobs();
    expect((await deliveriesOf(admin, endpoint.id)).map((d) => d.id)).toEqual([fresh.id]);
  });

  it('refuses private addresses when saved, and again at delivery (a name gone private, a redirect to the metadata service)', async () => {
    const admin = await confirmedUser(ctx);
    for (const url of [
      `http://127.0.0.1:${forbidden.port}/hook`,
      'http://10.1.2.3/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'ftp://example.com/hook',
    ]) {
      const res = await admin.client.post(WEBHOOKS_PATHS.endpoints, {
        workspaceId: admin.workspaceId,
        url,
        eventTypes: ['projects.versionCreated'],
      });
      expect(res.status, url).toBe(422);
      expect(res.body).toMatchObject({ field: 'url' });
    }

    // Public (here: allowed) when saved, private when delivered to.
    fakeDns.set('hooks.rebind.test', ['127.0.0.2']);
    const saved = await admin.client.post(WEBHOOKS_PATHS.endpoints, {
      workspaceId: admin.workspaceId,
      url: `http://hooks.rebind.test:${forbidden.port}/hook`,
      eventTypes: ['projects.versionCreated'],
    });
    expect(saved.status, saved.text).toBe(201);
    fakeDns.set('hooks.rebind.test', ['127.0.0.1']);
    const redirecting = await createEndpoint(admin, unique('/to-metadata'));
    await createProject(admin, 'Private');

    const refused = await until('the refused attempt', async () =>
      (await deliveriesOf(admin, saved.body.data.id)).find(
        (row) => row.attributes.attempts >= 1 && row.attributes.error,
      ),
    );
    expect(refused.attributes.error).toMatch(/Refused: .*127\.0\.0\.1.*loopback/);
    expect(refused.attributes.responseStatus).toBeNull();
    const redirected = await until('the redirected attempt', async () =>
      (await deliveriesOf(admin, redirecting.id)).find((row) => row.attributes.error),
    );
    expect(redirected.attributes).toMatchObject({ responseStatus: 302 });
    expect(redirected.attributes.error).toMatch(/redirects are not followed/);
    expect(forbidden.hits).toEqual([]);
  });

  it("keeps endpoints to their workspace: a stranger cannot see or use another's, a member cannot change them, tokens work", async () => {
    const owner = await confirmedUser(ctx);
    const stranger = await confirmedUser(ctx);
    const member = await confirmedUser(ctx);
    await grantAccess(owner, [await addToAccount(owner, member)], [owner.workspaceId]);
    const path = unique('/ok');
    const endpoint = await createEndpoint(owner, path);

    const list = await stranger.client.get(`${WEBHOOKS_PATHS.endpoints}?workspaceId=${owner.workspaceId}`);
    expect(list.status).toBe(404);
    expect(list.text).not.toContain(receiver.origin);
    expect((await stranger.client.get(WEBHOOKS_PATHS.deliveries(endpoint.id))).status).toBe(404);
    expect((await stranger.client.patch(WEBHOOKS_PATHS.endpoint(endpoint.id), { enabled: false })).status).toBe(404);
    expect((await stranger.client.post(WEBHOOKS_PATHS.rollSecret(endpoint.id))).status).toBe(404);
    expect((await stranger.client.delete(WEBHOOKS_PATHS.endpoint(endpoint.id))).status).toBe(404);
    const sneaky = await stranger.client.post(WEBHOOKS_PATHS.endpoints, {
      workspaceId: owner.workspaceId,
      url: `${receiver.origin}/ok/stolen`,
      eventTypes: ['projects.versionCreated'],
    });
    expect(sneaky.status).toBe(404);

    // A member of the account (not an admin) is refused changes.
    const byMember = await member.client.post(WEBHOOKS_PATHS.endpoints, {
      workspaceId: owner.workspaceId,
      url: `${receiver.origin}/ok/member`,
      eventTypes: ['projects.versionCreated'],
    });
    expect(byMember.status).toBe(403);

    // CSRF as for every cookie route.
    const noCsrf = await owner.client.post(
      WEBHOOKS_PATHS.endpoints,
      { workspaceId: owner.workspaceId, url: `${receiver.origin}/ok/x`, eventTypes: ['projects.versionCreated'] },
      { csrfToken: null },
    );
    expect(noCsrf.status).toBe(403);

    // An admin-scoped API token makes and deletes one; nothing reached the stranger's events.
    const token = await owner.client.post('/api/v1/api_tokens', {
      accountId: owner.accountId,
      name: 'hooks',
      scope: 'admin',
      expiresInDays: 7,
    });
    expect(token.status, token.text).toBe(201);
    const script = ctx.client({ visit: false });
    const headers = { authorization: `Bearer ${token.body.data.attributes.token}` };
    const made = await script.post(
      WEBHOOKS_PATHS.endpoints,
      { workspaceId: owner.workspaceId, url: `${receiver.origin}/ok/token`, eventTypes: ['exports.ready'] },
      { headers, csrfToken: null },
    );
    expect(made.status, made.text).toBe(201);
    expect(
      (await script.delete(WEBHOOKS_PATHS.endpoint(made.body.data.id), undefined, { headers, csrfToken: null })).status,
    ).toBe(200);

    await createProject(stranger, 'Stranger project');
    await ctx.runJobs();
    expect(received.some((r) => r.path === path && r.body.includes('Stranger project'))).toBe(false);
  });
});
