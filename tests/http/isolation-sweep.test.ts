import { expect, it } from 'vitest';
import type { RouteCatalogEntry } from '../../server/authz/index';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient, TestResponse } from '../support/test-client';
import { tinyPng } from './auth-test-helpers';
import { serverPlugins } from '../../server/plugins';
import {
  CannotFill,
  fillRequest,
  routeKey,
  SWEEP_SUBTITLE_FILE,
  useSweepVocabulary,
  type FilledRequest,
} from './isolation-sweep-fill';
import { loadIsolationFixtures, sweepVocabulary, type PluginFixtures } from './isolation-sweep-fixtures';
import { clientFor, ownerRowsHash, seedTenants, WEBSOCKET_ROUTES, type SweepSeed } from './isolation-sweep-support';

/**
 * The tenant-isolation sweep. The app is built with every plugin of server/plugins.ts and every
 * route it registered (app.routeCatalog, recorded by server/authz) is called with the OWNER's
 * ids, as three outsiders: a user of another account, a member of the owner's account without
 * access to the workspace named, and an anonymous visitor. None may see the owner's data
 * (sentinel strings in every owner name) or change any owner row (hashed before and after).
 * The owner then makes the same call, which must succeed, so a broken route cannot pass.
 * New plugins' routes are swept automatically; each plugin seeds its rows and names its id fields
 * in its own plugins/<id>/server/isolation-fixtures.ts, and an id field nobody names fails the
 * sweep with a message saying so.
 */

/** Development tools, not product data: the mail outbox page lists every mail the server wrote. */
const NOT_SWEPT = [/^\/dev\//, ...WEBSOCKET_ROUTES];

/** Jobs the calls started (a purge, a failed pipeline run on fixture media) finish well within this. */
const JOBS_SETTLE_MS = 60_000;

type Caller = 'stranger' | 'member' | 'anonymous';

interface RouteKind {
  /** Acts inside an account/workspace (config.tenant is an object): outsiders must be refused. */
  tenantScoped: boolean;
}

function kindOf(route: RouteCatalogEntry): RouteKind {
  const tenant = route.config.tenant;
  return { tenantScoped: typeof tenant === 'object' && tenant !== null };
}

async function send(client: TestClient, route: RouteCatalogEntry, request: FilledRequest): Promise<TestResponse> {
  if (request.multipart) {
    const file =
      request.multipart.kind === 'subtitle'
        ? SWEEP_SUBTITLE_FILE
        : { filename: 'sweep.png', contentType: 'image/png', content: tinyPng() };
    return client.postMultipart(request.path, { files: [{ field: request.multipart.field, ...file }] });
  }
  return client.request(route.method as 'GET', request.path, request.body);
}

/** A list answered with nothing in it counts as "no data" (e.g. a search scoped to the caller). */
function isEmptyList(res: TestResponse): boolean {
  const data = (res.body as { data?: unknown })?.data;
  return Array.isArray(data) && data.length === 0;
}

async function sweepRoute(
  ctx: TestAppContext,
  route: RouteCatalogEntry,
  fixtures: PluginFixtures[],
): Promise<string[]> {
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
  const { tenantScoped } = kindOf(route);
  const callers: Record<Caller, () => Promise<TestClient>> = {
    stranger: () => clientFor(ctx, seed.strangerUserId),
    member: () => clientFor(ctx, seed.memberUserId),
    anonymous: async () => ctx.client(),
  };

  // Outsiders call with the owner's ids; then stranger and member once more naming their OWN
  // account next to the owner's other ids (a bulk call must not touch ids outside its account).
  const calls: { caller: Caller; request: FilledRequest; ownAccount: boolean }[] = [
    ...(['stranger', 'member', 'anonymous'] as const).map((caller) => ({ caller, request, ownAccount: false })),
  ];
  const ownAccounts: [Caller, string][] = [
    ['stranger', seed.strangerAccountId],
    ['member', seed.memberAccountId],
  ];
  for (const [caller, accountId] of ownAccounts) {
    const own = fillRequest(route, { ...seed, accountId });
    if (JSON.stringify(own) !== JSON.stringify(request)) calls.push({ caller, request: own, ownAccount: true });
  }

  // Jobs first, both times. Tables without a tenant column (subtitle_cues, pipeline_dubbed_media,
  // …) are hashed whole, so the previous route's background work landing between the two hashes
  // read as a change here: the owner's DELETE /api/v1/project_versions just before sends the purge
  // job, whose cascade removes the previous seed's cues and dubbed media whenever the worker gets
  // to it (on PostgreSQL, at times in the middle of the restore route's calls). Settled before the
  // first hash, the snapshot is the seed's alone; settled before the second, a job a foreign call
  // started is part of what is checked instead of escaping it.
  await ctx.runJobs(JOBS_SETTLE_MS);
  const before = await ownerRowsHash(ctx.db, seed);
  for (const { caller, request: sent, ownAccount } of calls) {
    const res = await send(await callers[caller](), route, sent);
    const said = `${where} as ${caller}${ownAccount ? ' (own account)' : ''} -> ${res.status} ${res.text.slice(0, 160)}`;
    // The member legitimately sees the owner's account (names, people); never the hidden workspace.
    const forbidden = caller === 'member' ? seed.hiddenTag : seed.ownerTag;
    if (res.text.includes(forbidden)) problems.push(`${said}: the response contains the owner's data`);
    if (res.status >= 500) problems.push(`${said}: server error`);
    if (res.status === 400) problems.push(`${said}: the sweep's request was refused as malformed: fix its filling`);
    if (ownAccount) continue;
    if (tenantScoped && caller !== 'member') {
      const refused = [401, 403, 404].includes(res.status) || (res.status < 300 && isEmptyList(res));
      if (!refused) problems.push(`${said}: expected 401/403/404`);
    }
    if (tenantScoped && caller === 'anonymous' && res.status !== 401) problems.push(`${said}: expected 401`);
  }
  await ctx.runJobs(JOBS_SETTLE_MS);
  const after = await ownerRowsHash(ctx.db, seed);
  for (const table of Object.keys({ ...before, ...after })) {
    if (before[table] !== after[table])
      problems.push(`${where}: owner rows of "${table}" changed after the foreign calls`);
  }

  if (tenantScoped) {
    const owner = await clientFor(ctx, seed.ownerUserId);
    const res = await send(owner, route, request);
    if (res.status < 200 || res.status >= 300)
      problems.push(`${where} as owner -> ${res.status} ${res.text.slice(0, 200)}: the route must work for its owner`);
  }
  return problems;
}

describeOnBothDatabases('tenant isolation sweep (every route, every plugin)', (ctx) => {
  it("the hash of the owner rows changes with an owner row, and not with another tenant's", async () => {
    const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
    const seed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const other = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const before = await ownerRowsHash(ctx.db, seed);
    expect(before.project_versions).toMatch(/^[1-9]\d*:\d+$/);
    await ctx.db.query(`UPDATE workspaces SET name = name || ' renamed' WHERE id = $1`, [other.hiddenWorkspaceId]);
    expect(await ownerRowsHash(ctx.db, seed)).toEqual(before);
    await ctx.db.query(`UPDATE workspaces SET name = name || ' renamed' WHERE id = $1`, [seed.visibleWorkspaceId]);
    const renamed = await ownerRowsHash(ctx.db, seed);
    expect(renamed.workspaces).not.toEqual(before.workspaces);
    // A table without a tenant column counts whole: any cue changed is a change.
    await ctx.db.query(
      `UPDATE subtitle_cues SET text = text || '!' WHERE ctid = (SELECT min(ctid) FROM subtitle_cues)`,
    );
    expect((await ownerRowsHash(ctx.db, seed)).subtitle_cues).not.toEqual(renamed.subtitle_cues);
  });

  it(
    'no route shows or changes the owner tenant to outsiders, and every tenant route works for its owner',
    async () => {
      const routes = ctx.app.routeCatalog.filter((route) => !NOT_SWEPT.some((pattern) => pattern.test(route.url)));
      const keys = routes.map(routeKey);
      // The catalog is the sweep's whole input: prove it holds the routes we know exist.
      expect(keys).toEqual(
        expect.arrayContaining([
          'GET /api/v1/accounts/:accountId/show_workspaces',
          'DELETE /api/v1/workspaces/',
          'DELETE /api/v1/workspace_users/:workspaceUserId',
          'GET /api/v1/users/',
          'POST /users',
        ]),
      );
      const tenantRoutes = routes.filter((route) => kindOf(route).tenantScoped);
      expect(tenantRoutes.length).toBeGreaterThanOrEqual(12);

      // Every installed plugin brings its rows and its field names from its own folder.
      const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
      expect(fixtures.map((f) => f.pluginId)).toEqual(
        expect.arrayContaining(['projects', 'labels', 'subtitles', 'pipeline', 'accounts']),
      );
      useSweepVocabulary(sweepVocabulary(fixtures));

      const problems: string[] = [];
      for (const route of routes) problems.push(...(await sweepRoute(ctx, route, fixtures)));
      expect(problems, problems.join('\n')).toEqual([]);
    },
    // Generous: each route now waits for the jobs it started (pipeline runs on fixture media among them).
    600_000,
  );
});
