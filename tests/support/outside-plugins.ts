import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Plugins installed outside the build, made the way an author makes them: the example plugin is
 * built with its own build script (examples/hello-plugin/build.mjs) and copied into a PLUGINS_DIR
 * as its author would drop it there; small hand-written ones (plain JavaScript, as a build would
 * leave them) cover the ways a plugin can be broken.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE = path.join(REPO_ROOT, 'examples/hello-plugin');

let exampleBuilt = false;

/** Builds examples/hello-plugin (once per process) and installs it as `<pluginsDir>/hello`. */
export function installExamplePlugin(pluginsDir: string): string {
  if (!exampleBuilt) {
    execFileSync(process.execPath, [path.join(EXAMPLE, 'build.mjs')], { cwd: EXAMPLE, stdio: 'pipe' });
    exampleBuilt = true;
  }
  const target = path.join(pluginsDir, 'hello');
  mkdirSync(target, { recursive: true });
  cpSync(path.join(EXAMPLE, 'package.json'), path.join(target, 'package.json'));
  cpSync(path.join(EXAMPLE, 'dist'), path.join(target, 'dist'), { recursive: true });
  return target;
}

export interface HandWrittenPlugin {
  /** Folder name under the plugins dir. */
  folder: string;
  /** The package.json `polycue` field (written as given, so it may be wrong on purpose). */
  manifest: Record<string, unknown>;
  /** Files relative to the plugin folder -> their text. */
  files?: Record<string, string>;
}

export function writePlugin(pluginsDir: string, plugin: HandWrittenPlugin): string {
  const folder = path.join(pluginsDir, plugin.folder);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({
      name: `polycue-plugin-${plugin.folder}`,
      version: '0.1.0',
      type: 'module',
      polycue: plugin.manifest,
    }),
  );
  for (const [file, text] of Object.entries(plugin.files ?? {})) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

/** A web entry whose page throws while rendering, with a nav item leading to it. */
export const BROKEN_RENDER_PLUGIN: HandWrittenPlugin = {
  folder: 'broken-render',
  manifest: { id: 'broken-render', apiVersion: 1, web: 'web.js' },
  files: {
    'web.js': `import { definePlugin, PLUGIN_API_VERSION } from '@polycue/sdk';
function BrokenPage() { throw new Error('drawn wrong on purpose'); }
export default definePlugin({
  id: 'broken-render', title: 'Broken render', apiVersion: PLUGIN_API_VERSION,
  routes: [{ path: '/broken', load: async () => ({ default: BrokenPage }) }],
  nav: [{ id: 'broken-render.nav', label: 'Broken', path: '/broken', order: 95 }],
});
`,
  },
};

/** A web entry that throws as soon as it is imported. */
export const BROKEN_LOAD_PLUGIN: HandWrittenPlugin = {
  folder: 'broken-load',
  manifest: { id: 'broken-load', apiVersion: 1, web: 'web.js' },
  files: { 'web.js': `throw new Error('broken on purpose while loading');\n` },
};

/**
 * Both halves, and the server one throws while loading: the server leaves the whole plugin out,
 * so the browser never gets its web half (a nav item "Half broken") and only the page's list of
 * left-out plugins can name it.
 */
export const BROKEN_SERVER_PLUGIN: HandWrittenPlugin = {
  folder: 'broken-server',
  manifest: { id: 'broken-server', apiVersion: 1, web: 'web.js', server: 'server.js' },
  files: {
    'server.js': `throw new Error('broken on purpose on the server');\n`,
    'web.js': `import { definePlugin, PLUGIN_API_VERSION } from '@polycue/sdk';
export default definePlugin({
  id: 'broken-server', title: 'Half broken', apiVersion: PLUGIN_API_VERSION,
  nav: [{ id: 'broken-server.nav', label: 'Half broken', path: '/half-broken', order: 96 }],
});
`,
  },
};
