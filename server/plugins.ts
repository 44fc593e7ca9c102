import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerPlugin } from './plugin-api/server-plugin';

const PLUGINS_DIR = fileURLToPath(new URL('../plugins/', import.meta.url));

/**
 * The server plugins of this build, found by folder: every `plugins/<id>/server/index.ts`
 * default-exports its definition, so adding a feature is adding its folder (no list to edit) and
 * removing it is deleting the folder. Sorted by id, so start-up is the same on every machine;
 * migrations are ordered by their own ids and routes by path, so nothing else depends on it.
 * Outside plugins (PLUGINS_DIR) are loaded separately, by server/external-plugins.ts.
 */
export async function discoverServerPlugins(dir = PLUGINS_DIR): Promise<ServerPlugin[]> {
  const ids = readdirSync(dir)
    .filter((id) => existsSync(path.join(dir, id, 'server', 'index.ts')))
    .sort();
  return Promise.all(
    ids.map(async (id) => {
      const plugin = (
        (await import(pathToFileURL(path.join(dir, id, 'server', 'index.ts')).href)) as { default?: ServerPlugin }
      ).default;
      if (!plugin || plugin.id !== id)
        throw new Error(`plugins/${id}/server/index.ts must default-export the server plugin "${id}"`);
      return plugin;
    }),
  );
}

export const serverPlugins: ServerPlugin[] = await discoverServerPlugins();
