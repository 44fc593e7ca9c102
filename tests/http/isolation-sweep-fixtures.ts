import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { IsolationFixtures, IsolationSeedContext } from '../../server/plugin-api';

const PLUGINS_DIR = fileURLToPath(new URL('../../plugins/', import.meta.url));

export interface PluginFixtures extends IsolationFixtures {
  pluginId: string;
}

/**
 * Every plugin's isolation fixtures (`plugins/<id>/server/isolation-fixtures.ts`), found by folder
 * like the plugins themselves and ordered so a plugin's `after` come first. A plugin adds its
 * routes to the sweep from its own folder.
 */
export async function loadIsolationFixtures(
  installed: ReadonlySet<string>,
  dir = PLUGINS_DIR,
): Promise<PluginFixtures[]> {
  const found: PluginFixtures[] = [];
  for (const pluginId of readdirSync(dir).sort()) {
    const file = path.join(dir, pluginId, 'server', 'isolation-fixtures.ts');
    if (!installed.has(pluginId) || !existsSync(file)) continue;
    const fixtures = ((await import(pathToFileURL(file).href)) as { default: IsolationFixtures }).default;
    found.push({ ...fixtures, pluginId });
  }
  const ordered: PluginFixtures[] = [];
  const visit = (fixtures: PluginFixtures, trail: string[]) => {
    if (ordered.includes(fixtures)) return;
    if (trail.includes(fixtures.pluginId))
      throw new Error(`isolation fixtures: ${[...trail, fixtures.pluginId].join(' -> ')} is a cycle`);
    for (const before of fixtures.after ?? []) {
      const first = found.find((f) => f.pluginId === before);
      if (first) visit(first, [...trail, fixtures.pluginId]);
    }
    ordered.push(fixtures);
  };
  for (const fixtures of found) visit(fixtures, []);
  return ordered;
}

/** Seeds every plugin's rows in order; each sees the ids seeded before it. */
export async function seedPluginRows(
  fixtures: PluginFixtures[],
  base: Omit<IsolationSeedContext, 'ids'>,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const plugin of fixtures) Object.assign(ids, (await plugin.seed?.({ ...base, ids: { ...ids } })) ?? {});
  return ids;
}

/** What the filler needs from all plugins together. */
export interface SweepVocabulary {
  idFields: Record<string, string>;
  bulkIds: Record<string, string>;
  optionalIds: Set<string>;
  textValues: Record<string, string>;
  multipartRoutes: NonNullable<IsolationFixtures['multipartRoutes']>;
  rawBodyRoutes: Set<string>;
  exampleBodies: NonNullable<IsolationFixtures['exampleBodies']>;
}

export function sweepVocabulary(fixtures: PluginFixtures[]): SweepVocabulary {
  return {
    idFields: Object.assign({}, ...fixtures.map((f) => f.idFields ?? {})),
    bulkIds: Object.assign({}, ...fixtures.map((f) => f.bulkIds ?? {})),
    optionalIds: new Set(fixtures.flatMap((f) => f.optionalIds ?? [])),
    textValues: Object.assign({}, ...fixtures.map((f) => f.textValues ?? {})),
    multipartRoutes: Object.assign({}, ...fixtures.map((f) => f.multipartRoutes ?? {})),
    rawBodyRoutes: new Set(fixtures.flatMap((f) => f.rawBodyRoutes ?? [])),
    exampleBodies: Object.assign({}, ...fixtures.map((f) => f.exampleBodies ?? {})),
  };
}
