import { expect, it } from 'vitest';
import type { RouteCatalogEntry } from '../../server/authz/index';
import { serverPlugins } from '../../server/plugins';
import { ONBOARDING_COOKIE } from '../../plugins/auth/common/auth-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { SESSION_COOKIE } from '../../server/http/sessions';
import { CSRF_COOKIE } from '../../core/common/csrf';
import { describeOnBothDatabases } from '../support/test-app';
import type { TestClient, TestResponse } from '../support/test-client';
import { tinyPng } from './auth-test-helpers';
import { CannotFill, fillRequest, routeKey, SWEEP_SUBTITLE_FILE, useSweepVocabulary } from './isolation-sweep-fill';
import { loadIsolationFixtures, sweepVocabulary } from './isolation-sweep-fixtures';
import { clientFor, seedTenants } from './isolation-sweep-support';

/**
 * Every route (app.routeCatalog, as the isolation sweep enumerates it), called by its owner and
 * by a visitor from another origin, answers with the app's security headers, never a wildcard
 * CORS origin, `Cache-Control` that keeps JSON out of shared caches, and cookies with their
 * flags. The tus upload routes answer through @tus/server on the raw response, so one real
 * upload creation is checked too.
 */

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
];
const ORIGIN = { origin: 'https://evil.example' };

function headerProblems(where: string, res: { status: number; headers: TestResponse['headers'] }): string[] {
  const problems: string[] = [];
  const said = `${where} -> ${res.status}`;
  for (const name of SECURITY_HEADERS) if (!res.headers[name]) problems.push(`${said}: no ${name}`);
  if (res.headers['x-content-type-options'] && res.headers['x-content-type-options'] !== 'nosniff')
    problems.push(`${said}: x-content-type-options is not nosniff`);
  if (res.headers['access-control-allow-origin'])
    problems.push(`${said}: access-control-allow-origin ${res.headers['access-control-allow-origin']}`);
  const type = String(res.headers['content-type'] ?? '');
  const cache = String(res.headers['cache-control'] ?? '');
  // JSON is per person: never stored (no-store), or stored only by the browser and revalidated
  // every time (the project list's ETag: `private, no-cache`).
  if (type.includes('json') && !/no-store/.test(cache) && !(/private/.test(cache) && /no-cache/.test(cache))) {
    problems.push(`${said}: JSON with cache-control "${cache}"`);
  }
  for (const cookie of [res.headers['set-cookie'] ?? []].flat().map(String)) {
    const name = cookie.split('=')[0];
    if (!/;\s*SameSite=Lax/i.test(cookie)) problems.push(`${said}: cookie ${name} without SameSite=Lax`);
    if (!/;\s*Path=\//i.test(cookie)) problems.push(`${said}: cookie ${name} without Path=/`);
    if (name === SESSION_COOKIE && !/;\s*HttpOnly/i.test(cookie))
      problems.push(`${said}: session cookie without HttpOnly`);
    if (![SESSION_COOKIE, CSRF_COOKIE, ONBOARDING_COOKIE].includes(name))
      problems.push(`${said}: unexpected cookie ${name}`);
  }
  return problems;
}

async function call(
  client: TestClient,
  route: RouteCatalogEntry,
  path: string,
  body: unknown,
  multipart: { field: string; kind: string } | undefined,
) {
  const headers = ORIGIN;
  if (multipart) {
    const file =
      multipart.kind === 'subtitle'
        ? SWEEP_SUBTITLE_FILE
        : { filename: 'sweep.png', contentType: 'image/png', content: tinyPng() };
    return client.postMultipart(path, { files: [{ field: multipart.field, ...file }] }, { headers });
  }
  return client.request(route.method as 'GET', path, body, { headers });
}

describeOnBothDatabases('security headers and cookie flags (every route)', (ctx) => {
  it('every route answers owner and visitor with the security headers, no wildcard CORS, uncached JSON and flagged cookies', async () => {
    const routes = ctx.app.routeCatalog.filter((route) => !route.url.startsWith('/dev/'));
    expect(routes.length).toBeGreaterThan(50);
    const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
    useSweepVocabulary(sweepVocabulary(fixtures));
    const seed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const owner = await clientFor(ctx, seed.ownerUserId);
    const problems: string[] = [];
    // Reads first, writes after, deletes last, log-out at the very end: every route meets its rows while they exist.
    const order = (route: RouteCatalogEntry) =>
      route.url === '/users/sign_out'
        ? 3
        : ({ GET: 0, HEAD: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 }[route.method] ?? 1);
    for (const route of [...routes].sort((a, b) => order(a) - order(b))) {
      let filled;
      try {
        filled = fillRequest(route, seed);
      } catch (error) {
        if (error instanceof CannotFill) continue; // the isolation sweep reports these
        throw error;
      }
      for (const [who, client] of [
        ['visitor', ctx.client()],
        ['owner', owner],
      ] as const) {
        const res = await call(client, route, filled.path, filled.body, filled.multipart);
        problems.push(...headerProblems(`${routeKey(route)} as ${who}`, res));
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);

  it('tus answers with the same headers, uncached, without a wildcard CORS origin', async () => {
    const seed = await seedTenants(ctx.db, [], ctx.app.storage);
    const owner = await clientFor(ctx, seed.ownerUserId);
    const metadata = `workspaceId ${Buffer.from(seed.visibleWorkspaceId).toString('base64')},filename ${Buffer.from('a.mp4').toString('base64')}`;
    const created = await owner.post(PROJECTS_PATHS.uploads, undefined, {
      headers: { ...ORIGIN, 'tus-resumable': '1.0.0', 'upload-length': '4', 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    expect(headerProblems('POST uploads', created)).toEqual([]);
    const location = String(created.headers.location);
    const patched = await owner.request('PATCH', location, Buffer.from('nope'), {
      headers: {
        ...ORIGIN,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    expect(patched.status).toBe(422);
    expect(headerProblems('PATCH upload', patched)).toEqual([]);
    expect(patched.headers['cache-control']).toBe('no-store');
  });
});
