import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installExamplePlugin, writePlugin } from '../tests/support/outside-plugins';
import { firstPartyPluginIds, loadExternalPlugins } from './external-plugins';

const dir = mkdtempSync(path.join(tmpdir(), 'polycue-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { info: () => {}, error: () => {} };
const serverEntry = (id: string, body = '') =>
  `export default (sdk) => sdk.defineServerPlugin({ id: '${id}', apiVersion: sdk.apiVersion${body} });\n`;

describe('outside plugins from PLUGINS_DIR', () => {
  it('loads a built plugin with both halves and leaves out each broken one with a reason naming it', async () => {
    installExamplePlugin(dir);
    writePlugin(dir, {
      folder: 'future',
      manifest: { id: 'future', apiVersion: 2, web: 'web.js' },
      files: { 'web.js': '' },
    });
    writePlugin(dir, { folder: 'unbuilt', manifest: { id: 'unbuilt', apiVersion: 1, web: 'dist/web.js' } });
    writePlugin(dir, {
      folder: 'escapes',
      manifest: { id: 'escapes', apiVersion: 1, server: '../hello/dist/server/index.js' },
    });
    writePlugin(dir, {
      folder: 'throws',
      manifest: { id: 'throws', apiVersion: 1, server: 's.js' },
      files: { 's.js': "throw new Error('boom at import');\n" },
    });
    writePlugin(dir, {
      folder: 'labels-again',
      manifest: { id: 'labels', apiVersion: 1, server: 's.js' },
      files: { 's.js': serverEntry('labels') },
    });
    writePlugin(dir, {
      folder: 'liar',
      manifest: { id: 'liar', apiVersion: 1, server: 's.js' },
      files: { 's.js': serverEntry('someone-else') },
    });
    writePlugin(dir, {
      folder: 'bad-migration',
      manifest: { id: 'bad-migration', apiVersion: 1, server: 's.js' },
      files: {
        's.js': serverEntry('bad-migration', ", migrations: [{ id: '202601010000_create_things', sql: 'SELECT 1' }]"),
      },
    });
    writePlugin(dir, { folder: 'not-a-plugin', manifest: undefined as never });

    const loaded = await loadExternalPlugins({ dirs: [dir], reservedIds: firstPartyPluginIds(), log: quiet });

    expect(loaded.server.map((plugin) => plugin.id)).toEqual(['hello']);
    expect(loaded.web.map(({ id, url }) => ({ id, url }))).toEqual([
      { id: 'hello', url: '/plugin-assets/hello/index.js?v=1.0.0' },
    ]);
    const reasons = Object.fromEntries(
      loaded.problems.map((problem) => [problem.match(/\[plugins\] (\S+)/)![1], problem]),
    );
    expect(Object.keys(reasons).sort()).toEqual([
      'bad-migration',
      'escapes',
      'future',
      'labels-again',
      'liar',
      'not-a-plugin',
      'throws',
      'unbuilt',
    ]);
    // What the browser names in its toast: the package's id, or the folder when the id is unknown or taken.
    expect([...loaded.leftOut].sort()).toEqual([
      'bad-migration',
      'escapes',
      'future',
      'labels-again',
      'liar',
      'not-a-plugin',
      'throws',
      'unbuilt',
    ]);
    expect(reasons.future).toContain('targets plugin API v2; this Polycue runs v1');
    expect(reasons.unbuilt).toContain('web entry dist/web.js is missing (was the plugin built?)');
    expect(reasons.escapes).toContain('must be a file inside the plugin folder');
    expect(reasons.throws).toContain('boom at import');
    expect(reasons['labels-again']).toContain('the id "labels" is already taken');
    expect(reasons.liar).toContain('its server entry says id "someone-else"');
    expect(reasons['bad-migration']).toContain('must be named YYYYMMDDHHMM_bad-migration_<what>');
    expect(reasons['not-a-plugin']).toContain('has no "polycue" field');
  });

  it('takes a single plugin folder as well as a folder of them, and nothing from a missing folder', async () => {
    const hello = installExamplePlugin(dir);
    const single = await loadExternalPlugins({ dirs: [hello, path.join(dir, 'nope')], reservedIds: [], log: quiet });
    expect(single.server.map((plugin) => plugin.id)).toEqual(['hello']);
    expect(single.problems).toEqual([]);
  });
});

describe('first-party plugins', () => {
  it('are found by folder, each with the current API version, and a definition of another version is refused by name', async () => {
    const { discoverServerPlugins } = await import('./plugins');
    const { defineServerPlugin } = await import('./plugin-api/server-plugin');
    const plugins = await discoverServerPlugins();
    expect(plugins.map((plugin) => plugin.id)).toEqual(
      firstPartyPluginIds()
        .filter((id) => plugins.some((p) => p.id === id))
        .sort(),
    );
    expect(plugins.map((plugin) => plugin.id)).toEqual(
      expect.arrayContaining(['accounts', 'auth', 'labels', 'pipeline', 'projects', 'subtitles']),
    );
    expect(new Set(plugins.map((plugin) => plugin.apiVersion))).toEqual(new Set([1]));
    expect(() => defineServerPlugin({ id: 'old', apiVersion: 0 })).toThrow(
      'Server plugin "old" targets plugin API v0; this Polycue runs v1',
    );
  });
});
