import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import { afterAll, expect, it } from 'vitest';
import { loadExternalPlugins } from '../../server/external-plugins';
import { serverPlugins } from '../../server/plugins';
import { installExamplePlugin } from '../support/outside-plugins';
import { createHash, randomBytes } from 'node:crypto';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';

// The example outside plugin is installed too: its routes must be in the document like ours.
const pluginsDir = mkdtempSync(path.join(tmpdir(), 'polycue-plugins-openapi-'));
afterAll(() => rmSync(pluginsDir, { recursive: true, force: true }));
installExamplePlugin(pluginsDir);
const external = await loadExternalPlugins({
  dirs: [pluginsDir],
  reservedIds: serverPlugins.map((p) => p.id),
  log: { info: () => {}, error: () => {} },
});

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const NOT_THE_API = ['/api/openapi.json', '/api/docs'];
/**
 * The live editing websocket is no REST call: OpenAPI 3.1 cannot describe its messages (an upgrade,
 * then Yjs sync and awareness; docs/features.md), so @fastify/swagger leaves it out.
 */
const WEBSOCKETS = [/\/subtitles\/:subtitleId\/live$/];
/**
 * Routes answering no JSON (files, media, redirects, the tus upload protocol): the only ones
 * without a response schema. A JSON route added without one fails here.
 */
const NOT_JSON = [
  'GET /api/v1/external_channels/callback',
  'GET /api/v1/project_versions/:projectVersionId/subtitles/:subtitleId/waveform',
  'GET /api/v1/project_versions/:projectVersionId/subtitles/:subtitleId/shot_changes',
  'GET /api/v1/exportations/:exportationId/download',
  'GET /api/v1/project_versions/:projectVersionId/dubbed_media/:language/:kind',
  'GET /api/v1/elements/:elementId/thumbnail',
  'POST /api/v1/uploads/',
  'PATCH /api/v1/uploads/:uploadId',
  'DELETE /api/v1/uploads/:uploadId',
  'GET /api/v1/sso/callback',
  'GET /api/v1/project_versions/:projectVersionId/subtitles/:subtitleId/video',
  'GET /api/v1/project_versions/download_subtitles',
  'GET /api/v1/shared/:token/subtitles.vtt',
  'GET /api/v1/shared/:token/video',
  'GET /api/v1/themes/preview',
  'GET /api/v1/themes/:id/preview',
  'GET /api/v1/audit_entries/export',
  'GET /api/v1/account_exports/:accountExportId/download',
];

describeOnBothDatabases(
  'OpenAPI 3.1 document and reference page',
  { plugins: [...serverPlugins, ...external.server], webPlugins: external.web },
  (ctx) => {
    it('lists every registered /api/ route with its schemas and security, and validates as OpenAPI 3.1', async () => {
      const res = await ctx.client({ visit: false }).get('/api/openapi.json');
      expect(res.status).toBe(200);
      const document = res.body;
      expect(document.openapi).toBe('3.1.0');

      const validator = new Validator();
      const result = await validator.validate(document);
      expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
      expect(result.valid).toBe(true);

      const apiRoutes = ctx.app.routeCatalog.filter(
        (route) =>
          route.url.startsWith('/api/') &&
          !NOT_THE_API.some((p) => route.url.startsWith(p)) &&
          !WEBSOCKETS.some((pattern) => pattern.test(route.url)),
      );
      expect(apiRoutes.length).toBeGreaterThan(100);
      const missing: string[] = [];
      for (const route of apiRoutes) {
        const operation = document.paths?.[openApiPath(route.url)]?.[route.method.toLowerCase()];
        if (!operation) {
          missing.push(`${route.method} ${route.url}`);
          continue;
        }
        expect(operation.security, `${route.method} ${route.url}`).toBeDefined();
        expect(Object.keys(operation.responses ?? {}).length, `${route.method} ${route.url}`).toBeGreaterThan(0);
        if (route.schema.body) expect(operation.requestBody, `${route.method} ${route.url}`).toBeDefined();
      }
      expect(missing).toEqual([]);
      // First-party routes (an outside plugin's are described as its author wrote them).
      const withoutResponseSchema = apiRoutes
        .filter((route) => !route.schema.response && !route.url.startsWith('/api/v1/hello/'))
        .map((route) => `${route.method} ${route.url}`);
      expect(withoutResponseSchema.sort()).toEqual([...NOT_JSON].sort());
      expect(document.paths['/api/v1/themes/{id}/preview'].get.responses['2XX'].description).toMatch(/^Not JSON/);
      // Pages and sign-in forms are not the API.
      expect(Object.keys(document.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    });

    it('gives every operation a one-line summary: the route’s own, else one derived from its method and path', async () => {
      const document = (await ctx.client({ visit: false }).get('/api/openapi.json')).body;
      const operations = Object.entries<any>(document.paths).flatMap(([p, item]) =>
        Object.entries<any>(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${p}`, operation })),
      );
      expect(operations.length).toBeGreaterThan(100);
      const withoutSummary = operations
        .filter(({ operation }) => typeof operation.summary !== 'string' || !/^\S[^\n]*$/.test(operation.summary))
        .map(({ where }) => where);
      expect(withoutSummary).toEqual([]);
      // A route's own words win; the outside plugin's routes, written without any, get the default.
      expect(document.paths['/api/v1/project_versions'].get.summary).toMatch(/^List a workspace's project versions/);
      expect(document.paths['/api/v1/hello/greetings'].get.summary).toBe('Hello: read greetings');
      expect(document.paths['/api/v1/labels/{labelId}'].delete.summary).toMatch(/\S/);
      // First-party routes write their own (`schema.summary`): the default is for outside plugins.
      const derived = ctx.app.routeCatalog
        .filter((route) => route.url.startsWith('/api/v1/') && !route.url.startsWith('/api/v1/hello/'))
        .filter((route) => route.method !== 'HEAD' && !WEBSOCKETS.some((pattern) => pattern.test(route.url)))
        .filter((route) => !route.schema?.summary)
        .map((route) => `${route.method} ${route.url}`);
      expect(derived, 'routes without a schema.summary of their own').toEqual([]);
    });

    it('says how each route is called: token scopes where a token may call it, the session (with CSRF on writes) everywhere', async () => {
      const document = (await ctx.client({ visit: false }).get('/api/openapi.json')).body;
      expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiToken', 'csrfToken', 'session']);
      expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
      const paths = document.paths;
      expect(paths['/api/v1/project_versions'].get.security).toEqual([{ apiToken: ['read'] }, { session: [] }]);
      expect(paths['/api/v1/labels/'].post.security).toEqual([{ apiToken: ['write'] }, { session: [], csrfToken: [] }]);
      expect(paths['/api/v1/accounts/{accountId}/rename'].put.security).toEqual([
        { apiToken: ['admin'] },
        { session: [], csrfToken: [] },
      ]);
      // Managing tokens and user-level calls: the session only.
      expect(paths['/api/v1/api_tokens'].post.security).toEqual([{ session: [], csrfToken: [] }]);
      expect(paths['/api/v1/users/'].get.security).toEqual([{ session: [] }]);
      // The outside plugin's route, described from its own schema.
      const greetings = paths['/api/v1/hello/greetings'];
      expect(greetings.get.security).toEqual([{ apiToken: ['read'] }, { session: [] }]);
      expect(greetings.post.requestBody.content['application/json'].schema.properties.text).toBeDefined();
    });

    it('an API token calls the outside plugin’s routes like ours, as its person, without CSRF', async () => {
      const member = await newMember(ctx);
      const { rows } = await ctx.db.query<{ id: string }>(
        'SELECT account_id::text AS id FROM workspaces WHERE id = $1',
        [member.workspaceId],
      );
      const token = `pcu_${randomBytes(32).toString('base64url')}`;
      await ctx.db.query(
        `INSERT INTO api_tokens (user_id, account_id, name, scope, token_hash, prefix) VALUES ($1, $2, 'x', 'write', $3, 'pcu_x')`,
        [member.userId, rows[0].id, createHash('sha256').update(token).digest('hex')],
      );
      const script = ctx.client({ visit: false });
      const headers = { authorization: `Bearer ${token}` };
      const created = await script.post(
        '/api/v1/hello/greetings',
        { workspaceId: member.workspaceId, text: 'From a script' },
        { headers, csrfToken: null },
      );
      expect(created.status, created.text).toBe(201);
      const listed = await script.get(`/api/v1/hello/greetings?workspaceId=${member.workspaceId}`, { headers });
      expect(listed.body.data.map((g: any) => g.attributes.text)).toEqual(['From a script']);
      const stranger = await newMember(ctx);
      expect(
        (await script.get(`/api/v1/hello/greetings?workspaceId=${stranger.workspaceId}`, { headers })).status,
      ).toBe(404);
    });

    it('documents the refusals as they are answered, so a generated client can type its errors', async () => {
      const document = (await ctx.client({ visit: false }).get('/api/openapi.json')).body;
      const ajv = new Ajv2020({ strict: false });
      const isError = ajv.compile(document.components.schemas.Error);
      const ERROR_REF = '#/components/schemas/Error';
      const errorOf = (operation: any, status: string) =>
        expect(operation.responses[status]?.content?.['application/json']?.schema?.$ref, status).toBe(ERROR_REF);
      const paths = document.paths;
      // Every route may refuse (4XX); a token's routes also say 401 and 429 with the header to read.
      const undocumented = Object.entries<any>(paths).flatMap(([p, item]) =>
        Object.entries<any>(item)
          .filter(
            ([, operation]) => operation.responses['4XX']?.content?.['application/json']?.schema?.$ref !== ERROR_REF,
          )
          .map(([method]) => `${method} ${p}`),
      );
      expect(undocumented).toEqual([]);
      const list = paths['/api/v1/project_versions'].get;
      errorOf(list, '401');
      errorOf(list, '429');
      expect(Object.keys(list.responses['429'].headers)).toEqual(['Retry-After']);
      expect(Object.keys(list.responses['401'].headers)).toEqual(['WWW-Authenticate']);
      expect(paths['/api/v1/users/'].get.responses['401']).toBeUndefined();

      // What the server answers matches: a malformed query, an unknown token, a missing workspace.
      const member = await newMember(ctx);
      const script = ctx.client({ visit: false });
      const refusals = [
        await member.client.get('/api/v1/project_versions?workspaceId=abc'),
        await script.get(`/api/v1/project_versions?workspaceId=${member.workspaceId}`, {
          headers: { authorization: `Bearer pcu_${'x'.repeat(43)}` },
        }),
        await member.client.get('/api/v1/project_versions?workspaceId=999999999'),
      ];
      expect(refusals.map((res) => res.status)).toEqual([400, 401, 404]);
      for (const res of refusals) expect(isError(res.body), `${res.status} ${res.text}`).toBe(true);
    });

    it('describes the multipart uploads (subtitle import, avatars) so a generated client can send them', async () => {
      const paths = (await ctx.client({ visit: false }).get('/api/openapi.json')).body.paths;
      const bodyOf = (operation: any) => operation?.requestBody?.content?.['multipart/form-data']?.schema;
      const importSrt = bodyOf(
        paths['/api/v1/project_versions/{projectVersionId}/subtitles/{subtitleId}/import_srt']?.post,
      );
      expect(importSrt?.required).toEqual(['srt_content']);
      expect(importSrt?.properties.srt_content).toMatchObject({ type: 'string', format: 'binary' });
      expect(importSrt?.properties.enable_speaker_diarization?.enum).toEqual(['true', 'false']);
      const avatars = Object.entries<any>(paths)
        .filter(([p]) => p.includes('avatar'))
        .map(([p, item]) => ({ p, fields: Object.keys(bodyOf(item.post)?.properties ?? {}) }));
      expect(avatars.length).toBeGreaterThanOrEqual(2);
      for (const { p, fields } of avatars) expect(fields, p).toEqual(['avatar']);
    });

    it('serves the reference page and its files from our own origin, under the strict CSP', async () => {
      const browser = ctx.client({ visit: false });
      const page = await browser.get('/api/docs', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
      expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
      for (const file of [...scripts, '/api/docs/swagger-ui.css']) {
        const res = await browser.get(file, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.status, file).toBe(200);
        expect(res.headers['content-encoding'], file).toBe('gzip');
      }
    });
  },
);
