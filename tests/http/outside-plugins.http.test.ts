import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExternalPlugins } from '../../server/external-plugins';
import { serverPlugins } from '../../server/plugins';
import { installExamplePlugin } from '../support/outside-plugins';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';

// The example plugin, built by its own script and dropped into a PLUGINS_DIR, as an author would.
const pluginsDir = mkdtempSync(path.join(tmpdir(), 'polycue-plugins-http-'));
afterAll(() => rmSync(pluginsDir, { recursive: true, force: true }));
installExamplePlugin(pluginsDir);
const external = await loadExternalPlugins({
  dirs: [pluginsDir],
  reservedIds: serverPlugins.map((p) => p.id),
  log: { info: () => {}, error: () => {} },
});

const greetings = '/api/v1/hello/greetings';

describeOnBothDatabases(
  'outside plugin: the example, installed from PLUGINS_DIR',
  { plugins: [...serverPlugins, ...external.server], webPlugins: external.web },
  (ctx) => {
    describe('its server half', () => {
      it('migrates its own table and answers its routes inside the caller’s workspace only', async () => {
        const member = await newMember(ctx);
        const stranger = await newMember(ctx);
        const created = await member.client.post(greetings, { workspaceId: member.workspaceId, text: '  Hi team ' });
        expect(created.status).toBe(201);
        expect(created.body.data).toMatchObject({ type: 'greeting', attributes: { text: 'Hi team' } });

        const listed = await member.client.get(`${greetings}?workspaceId=${member.workspaceId}`);
        expect(listed.body.data.map((g: any) => g.attributes.text)).toEqual(['Hi team']);
        // Another tenant's workspace and greeting look exactly like missing ones.
        expect((await stranger.client.get(`${greetings}?workspaceId=${member.workspaceId}`)).status).toBe(404);
        expect((await stranger.client.delete(`${greetings}/${created.body.data.id}`)).status).toBe(404);
        expect((await stranger.client.get(`${greetings}?workspaceId=${stranger.workspaceId}`)).body.data).toEqual([]);

        expect(
          (await member.client.post(greetings, { workspaceId: member.workspaceId, text: '   ' })).body,
        ).toMatchObject({
          statusCode: 422,
          message: 'Write a greeting first',
          field: 'text',
        });
        // Ids have the host's one shape (sdk.idPattern): no leading zero, at most 18 digits.
        expect((await member.client.delete(`${greetings}/0${created.body.data.id}`)).status).toBe(400);
        expect((await member.client.delete(`${greetings}/${created.body.data.id}`)).status).toBe(204);
        expect((await member.client.get(`${greetings}?workspaceId=${member.workspaceId}`)).body.data).toEqual([]);
      });
    });

    describe('its web half', () => {
      it('is listed in the page, whose import map (allowed by its CSP hash) comes before any module script', async () => {
        const page = await ctx.client({ visit: false }).visit('/users/sign_in');
        const html = page.text;
        const map = html.match(/<script type="importmap">([^<]*)<\/script>/);
        expect(map).not.toBeNull();
        expect(html.indexOf('<script type="importmap">')).toBeLessThan(
          html.search(/<script type="module"|<link rel="modulepreload"/) >>> 0,
        );
        const imports = JSON.parse(map![1]).imports as Record<string, string>;
        expect(imports).toMatchObject({ react: '/plugin-sdk/react.js', '@polycue/sdk': '/plugin-sdk/@polycue/sdk.js' });
        const hash = createHash('sha256').update(map![1]).digest('base64');
        expect(String(page.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
        const config = JSON.parse(
          html.match(/<script type="application\/json" id="polycue-config">([^<]*)<\/script>/)![1],
        );
        expect(config.plugins).toEqual([
          { id: 'hello', url: '/plugin-assets/hello/index.js?v=1.0.0', version: '1.0.0' },
        ]);
      });

      it('serves the plugin’s built files and the modules that lend it the app’s own libraries', async () => {
        const client = ctx.client({ visit: false });
        const entry = await client.get('/plugin-assets/hello/index.js');
        expect(entry.status).toBe(200);
        expect(entry.text).toContain('from "@polycue/sdk"');
        // Only the web folder is served: not the package, not the server half.
        expect((await client.get('/plugin-assets/hello/../package.json')).status).toBe(404);
        expect((await client.get('/plugin-assets/hello/../server/index.js')).status).toBe(404);

        const react = await client.get('/plugin-sdk/react.js');
        expect(react.headers['content-type']).toContain('text/javascript');
        expect(react.text).toMatch(/export const \{[^}]*\buseState\b/);
        expect((await client.get('/plugin-sdk/@polycue/sdk.js')).text).toMatch(/\bdefinePlugin\b/);
        expect((await client.get('/plugin-sdk/left-pad.js')).status).toBe(404);
      });
    });
  },
);
