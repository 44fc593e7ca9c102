import { expect, it } from 'vitest';
import type { RouteCatalogEntry } from '../../server/authz/index';
import { hashApiToken, newApiToken } from '../../plugins/api-tokens/server/api-token-repository';
import { serverPlugins } from '../../server/plugins';
import type { Queryable } from '../../server/db/database';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { TestClient, type RequestOptions, type TestResponse } from '../support/test-client';
import { tinyPng } from './auth-test-helpers';
import {
  CannotFill,
  fillRequest,
  routeKey,
  SWEEP_SUBTITLE_FILE,
  useSweepVocabulary,
  type FilledRequest,
} from './isolation-sweep-fill';
import { loadIsolationFixtures, sweepVocabulary, type PluginFixtures } from './isolation-sweep-fixtures';
import { ownerRowsHash, seedTenants, WEBSOCKET_ROUTES, type SweepSeed } from './isolation-sweep-support';

/**
 * The tenant-isolation sweep again, with API tokens instead of browser sessions (issue 26): every
 * `/api/v1` route, filled with the OWNER's ids, called by scripts holding tokens:
 * - a stranger's admin token for the stranger's own account;
 * - the member's admin token for the owner's account (the member cannot open the hidden workspace);
 * - the OWNER's admin token limited to the visible workspace (the ids name the hidden one);
 * - the OWNER's read token (writes must be refused);
 * - a revoked token (401 on every tenant route).
 * None may see the owner's data or change an owner row. Then the owner's unlimited admin token
 * makes the same call, which must succeed on every tenant route a token may call, so a route that
 * refuses everyone cannot pass.
 */

const JOBS_SETTLE_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Caller = 'stranger' | 'member' | 'limited' | 'readOnly' | 'revoked';

/** A script: every call carries the token, no cookie, no CSRF token. */
class BearerClient extends TestClient {
  constructor(
    ctx: TestAppContext,
    private readonly token: string,
  ) {
    super(ctx.app, { visit: false });
  }

  override request<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    return super.request<T>(method, path, payload, {
      ...options,
      csrfToken: null,
      headers: { authorization: `Bearer ${this.token}`, ...options.headers },
    });
  }
}

async function tokenFor(
  db: Queryable,
  userId: string,
  accountId: string,
  scope: 'read' | 'admin',
  workspaceId: string | null = null,
): Promise<string> {
  const token = newApiToken();
  await db.query(
    `INSERT INTO api_tokens (user_id, account_id, workspace_id, name, scope, token_hash, prefix) VALUES ($1, $2, $3, 'sweep', $4, $5, 'pcu_sweep')`,
    [userId, accountId, workspaceId, scope, hashApiToken(token)],
  );
  return token;
}

function send(client: TestClient, route: RouteCatalogEntry, request: FilledRequest): Promise<TestResponse> {
  if (request.multipart) {
    const file =
      request.multipart.kind === 'subtitle'
        ? SWEEP_SUBTITLE_FILE
        : { filename: 'sweep.png', contentType: 'image/png', content: tinyPng() };
    return client.postMultipart(request.path, { files: [{ field: request.multipart.field, ...file }] });
  }
  return client.request(route.method as 'GET', request.path, request.body);
}

function isEmptyList(res: TestResponse): boolean {
  const data = (res.body as { data?: unknown })?.data;
  return Array.isArray(data) && data.length === 0;
}

const isTenantRoute = (route: RouteCatalogEntry) => typeof route.config.tenant === 'object' && !!route.config.tenant;
/** What a token may call at all (server/http/request-credentials.ts): tenant routes not opting out. */
/** Tenant routes, and `credentials: 'handler'` routes that narrow a token themselves (tus uploads). */
const tokenMayCall = (route: RouteCatalogEntry) =>
  (isTenantRoute(route) && route.config.credentials !== false) || route.config.credentials === 'handler';

async function sweepRoute(ctx: TestAppContext, route: RouteCatalogEntry, fixtures: PluginFixtures[]) {
  const problems: string[] = [];
  const where = routeKey(route);
  const seed: SweepSeed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
  let request: FilledRequest;
  try {
    request = fillRequest(route, seed);
  } catch (error) {
    if (error instanceof CannotFill) return [`${where}: the sweep cannot fill it: ${error.message}`];
    throw error;
  }
  const revoked = await tokenFor(ctx.db, seed.ownerUserId, seed.accountId, 'admin');
  await ctx.db.query('DELETE FROM api_tokens WHERE token_hash = $1', [hashApiToken(revoked)]);
  const tokens: Record<Caller, string> = {
    stranger: await tokenFor(ctx.db, seed.strangerUserId, seed.strangerAccountId, 'admin'),
    member: await tokenFor(ctx.db, seed.memberUserId, seed.accountId, 'admin'),
    limited: await tokenFor(ctx.db, seed.ownerUserId, seed.accountId, 'admin', seed.visibleWorkspaceId),
    readOnly: await tokenFor(ctx.db, seed.ownerUserId, seed.accountId, 'read'),
    revoked,
  };
  const write = WRITE_METHODS.has(route.method);
  const callers = (Object.keys(tokens) as Caller[]).filter((caller) => caller !== 'readOnly' || write);

  await ctx.runJobs(JOBS_SETTLE_MS);
  const before = await ownerRowsHash(ctx.db, seed);
  for (const caller of callers) {
    const res = await send(new BearerClient(ctx, tokens[caller]), route, request);
    const said = `${where} with the ${caller} token -> ${res.status} ${res.text.slice(0, 160)}`;
    // The member and the limited owner legitimately see the owner's account; never the hidden workspace.
    const forbidden = caller === 'member' || caller === 'limited' ? seed.hiddenTag : seed.ownerTag;
    if (caller !== 'readOnly' && res.text.includes(forbidden))
      problems.push(`${said}: the response contains the owner's data`);
    if (res.status >= 500) problems.push(`${said}: server error`);
    if (res.status === 400) problems.push(`${said}: the sweep's request was refused as malformed: fix its filling`);
    if (caller === 'readOnly' && res.status !== 403) problems.push(`${said}: expected 403 (read scope, a write)`);
    // About the calling token itself (api_tokens/current): every live token gets its own row,
    // which holds none of the owner's data (checked above); a revoked one is nothing.
    if (route.config.credentials === 'self') {
      if (caller === 'revoked' && res.status !== 401) problems.push(`${said}: expected 401`);
      continue;
    }
    // A public route ignores the token (request-credentials.ts): it answers as to the anonymous
    // visitor of isolation-sweep.test.ts, whose status checks apply there; no owner data (above).
    if (route.config.access === 'public') continue;
    if (!tokenMayCall(route)) {
      if (![401, 403, 404].includes(res.status)) problems.push(`${said}: a token may not call this route`);
      continue;
    }
    if (caller === 'revoked' && res.status !== 401) problems.push(`${said}: expected 401`);
    // A route that narrows a token itself (tus uploads: the workspace is in Upload-Metadata, which
    // the sweep's filler does not write) answers the filler's request with its 422; who reaches
    // which workspace through it is proven by tests/http/api-tokens.http.test.ts ("tus uploads").
    if (route.config.credentials === 'handler') continue;
    const refused = [401, 403, 404].includes(res.status) || (res.status < 300 && isEmptyList(res));
    if (caller !== 'member' && !refused) problems.push(`${said}: expected 401/403/404`);
  }
  await ctx.runJobs(JOBS_SETTLE_MS);
  const after = await ownerRowsHash(ctx.db, seed);
  for (const table of Object.keys({ ...before, ...after })) {
    if (table === 'api_tokens') continue; // last use of the tokens above
    if (before[table] !== after[table])
      problems.push(`${where}: owner rows of "${table}" changed after the tokens' calls`);
  }

  if (tokenMayCall(route) && route.config.credentials !== 'handler') {
    const owner = new BearerClient(ctx, await tokenFor(ctx.db, seed.ownerUserId, seed.accountId, 'admin'));
    const res = await send(owner, route, request);
    if (res.status < 200 || res.status >= 300)
      problems.push(`${where} with the owner's token -> ${res.status} ${res.text.slice(0, 200)}: must work`);
  }
  return problems;
}

describeOnBothDatabases('tenant isolation sweep with API tokens (every /api/v1 route, every plugin)', (ctx) => {
  it('no token reaches past its person, account, workspace or scope, and the owner’s token works on every tenant route', async () => {
    const routes = ctx.app.routeCatalog.filter(
      (route) => route.url.startsWith('/api/v1/') && !WEBSOCKET_ROUTES.some((pattern) => pattern.test(route.url)),
    );
    expect(routes.filter(tokenMayCall).length).toBeGreaterThanOrEqual(60);
    const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
    useSweepVocabulary(sweepVocabulary(fixtures));
    const problems: string[] = [];
    for (const route of routes) problems.push(...(await sweepRoute(ctx, route, fixtures)));
    expect(problems, problems.join('\n')).toEqual([]);
  }, 900_000);
});
