import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { defineServerPlugin, PLUGIN_API_MAJOR, type ServerPlugin } from '../../server/plugin-api';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';

/**
 * An outside plugin whose routes cannot be registered (a member route under /api/ without
 * config.tenant, a `role` beside `tenant` where nothing would enforce it, its `routes` throwing)
 * is named and left out, with nothing of it served; Polycue and the other plugins start
 * (docs/plugins.md, section 8). Before, the whole server stopped.
 */
const outside = (id: string, routes: (app: FastifyInstance) => Promise<void>): ServerPlugin =>
  defineServerPlugin({ id, apiVersion: PLUGIN_API_MAJOR, routes });
const ping = (app: FastifyInstance, id: string) =>
  app.get(`/api/v1/${id}/ping`, { config: { access: 'public' } }, async () => ({ pong: id }));

const fine = outside('fine-plugin', async (app) => {
  ping(app, 'fine-plugin');
});
const untenanted = outside('untenanted', async (app) => {
  ping(app, 'untenanted');
  app.get('/api/v1/untenanted/secrets', async () => ({ secrets: true }));
});
const roleBeside = outside('role-beside', async (app) => {
  ping(app, 'role-beside');
  app.put(
    '/api/v1/role-beside/settings',
    { config: { access: 'member', tenant: { workspace: 'body.workspaceId' }, role: 'admin' } },
    async () => ({ changed: true }),
  );
});
const throwing = outside('throwing', async (app) => {
  ping(app, 'throwing');
  throw new Error('cannot read my settings file');
});

const reported: string[] = [];

describeOnBothDatabases(
  'outside plugins: one whose routes cannot be registered is left out, the rest starts',
  {
    outsidePlugins: [untenanted, fine, roleBeside, throwing],
    reportPluginError: (message) => reported.push(message),
  },
  (ctx) => {
    it('serves Polycue and the sound plugin, nothing of the broken ones, and names each with its reason', async () => {
      const client = ctx.client();
      expect((await client.get('/api/v1/fine-plugin/ping')).body).toEqual({ pong: 'fine-plugin' });
      for (const id of ['untenanted', 'role-beside', 'throwing'])
        expect((await client.get(`/api/v1/${id}/ping`)).status, id).toBe(404);
      expect((await client.get('/api/v1/untenanted/secrets')).status).toBe(404);
      expect(ctx.app.leftOutPlugins.sort()).toEqual(['role-beside', 'throwing', 'untenanted']);
      expect(reported).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^untenanted was not loaded: its routes could not be registered: .*GET \/api\/v1\/untenanted\/secrets.*config\.tenant/,
          ),
          expect.stringMatching(/^role-beside was not loaded: .*declares config\.role/),
          expect.stringMatching(/^throwing was not loaded: .*cannot read my settings file/),
        ]),
      );
      // The page names them, so the shell toasts them (their web halves are left out too).
      const page = await ctx.client({ visit: false }).visit('/users/sign_in');
      const config = /<script type="application\/json" id="polycue-config">(.*?)<\/script>/.exec(page.text)?.[1];
      expect(JSON.parse(config!).pluginsLeftOut.sort()).toEqual(['role-beside', 'throwing', 'untenanted']);
      // Polycue itself works: a member lists projects as always.
      const member = await newMember(ctx);
      expect((await member.client.get(`/api/v1/project_versions?workspaceId=${member.workspaceId}`)).status).toBe(200);
    });
  },
);
