import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { defineServerPlugin, PLUGIN_API_MAJOR, type ServerPlugin } from '../../server/plugin-api';
import { serverSdk } from '../../server/server-sdk';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';

/**
 * Outside plugins' migrations run after Polycue's, whatever their ids: an author who dates a
 * migration today (before Polycue's own ids) may still reference project_versions on a fresh
 * database. One whose migration fails is named and left out; Polycue and the others start.
 */
const outside = (id: string, migrationId: string, sql: string): ServerPlugin =>
  defineServerPlugin({
    id,
    apiVersion: PLUGIN_API_MAJOR,
    migrations: [{ id: migrationId, sql }],
    async routes(app: FastifyInstance) {
      app.get(`/api/v1/${id}/ping`, { config: { access: 'public' } }, async () => ({ pong: id }));
    },
  });

const reported: string[] = [];
const notes: ServerPlugin = {
  ...outside(
    'notes-early',
    '202001010000_notes-early_notes',
    'CREATE TABLE notes_early (id bigserial PRIMARY KEY, project_version_id bigint NOT NULL REFERENCES project_versions(id) ON DELETE CASCADE)',
  ),
  // Through the SDK only, as a plugin built outside the repo does: a column of the projects list.
  contributions: [
    serverSdk.contributeToServer(serverSdk.defineServerExtensionPoint('projects.versionList'), {
      id: 'notes-early',
      column: {
        attribute: 'noteCount',
        sql: '(SELECT count(*)::int FROM notes_early n WHERE n.project_version_id = v.id)',
      },
    }),
  ],
};
const broken = outside(
  'broken-plugin',
  '202001010001_broken-plugin_tables',
  'CREATE TABLE broken_plugin_rows (id bigint REFERENCES no_such_table(id))',
);
const reuse = outside('id-thief', '202612010001_projects_core', 'SELECT 1');

describeOnBothDatabases(
  'outside plugins: migrated after Polycue, one failing left out with its name',
  { outsidePlugins: [notes, broken, reuse], reportPluginError: (message) => reported.push(message) },
  (ctx) => {
    it('an early-dated migration referencing project_versions applies; a failing one and a reused id leave only their plugins out', async () => {
      expect((await ctx.client().get('/api/v1/notes-early/ping')).body).toEqual({ pong: 'notes-early' });
      const { rows } = await ctx.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'notes_early'",
      );
      expect(rows[0].n).toBe(1);
      expect((await ctx.client().get('/api/v1/broken-plugin/ping')).status).toBe(404);
      expect((await ctx.client().get('/api/v1/id-thief/ping')).status).toBe(404);
      expect(ctx.app.leftOutPlugins.sort()).toEqual(['broken-plugin', 'id-thief']);
      expect(reported).toContainEqual(
        expect.stringMatching(
          /^broken-plugin was not loaded: Migration 202001010001_broken-plugin_tables failed: .*no_such_table/,
        ),
      );
      expect(reported).toContainEqual(
        'id-thief was not loaded: the migration id "202612010001_projects_core" is already used',
      );
      // The page names the plugins left out, so the shell can toast them (their web half is gone too).
      const page = await ctx.client({ visit: false }).visit('/users/sign_in');
      const config = /<script type="application\/json" id="polycue-config">(.*?)<\/script>/.exec(page.text)?.[1];
      expect(JSON.parse(config!).pluginsLeftOut.sort()).toEqual(['broken-plugin', 'id-thief']);
      // Polycue itself is whole, and the outside plugin's column is in its list.
      const member = await newMember(ctx);
      const created = await member.client.post('/api/v1/projects/', {
        workspaceId: member.workspaceId,
        title: 'Harbour notes',
      });
      const versionId = created.body.data[0].id;
      await ctx.db.query('INSERT INTO notes_early (project_version_id) VALUES ($1), ($1)', [versionId]);
      const list = await member.client.get(`/api/v1/project_versions?workspaceId=${member.workspaceId}`);
      expect(list.status).toBe(200);
      expect(list.body.data[0].attributes.noteCount).toBe(2);
    });
  },
);
