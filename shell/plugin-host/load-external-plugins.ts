import { PLUGIN_API_VERSION, type PluginDefinition } from '../../core';
import type { ExternalWebPlugin } from '../../core/common/page-config';

export interface ExternalPluginFailure {
  id: string;
  message: string;
}

export interface LoadedExternalPlugins {
  plugins: PluginDefinition[];
  failures: ExternalPluginFailure[];
}

/** `import()` of a URL the bundler must leave alone; a parameter so tests can load from memory. */
export type ModuleImporter = (url: string) => Promise<{ default?: unknown }>;

const importUrl: ModuleImporter = (url) => import(/* @vite-ignore */ url);

/**
 * Web entries of plugins installed outside the build, listed by the server in the page
 * configuration. All are fetched in parallel after the app's modules are lent to them; one that
 * fails to load, or is not a valid definition with its listed id, is set aside with a reason (the
 * shell toasts it by name) and the others load as usual. With none listed nothing extra is fetched.
 */
export async function loadExternalPlugins(
  listed: ExternalWebPlugin[] | undefined,
  options: { importModule?: ModuleImporter; lendSharedModules?: () => Promise<unknown> } = {},
): Promise<LoadedExternalPlugins> {
  if (!listed?.length) return { plugins: [], failures: [] };
  const importModule = options.importModule ?? importUrl;
  await (options.lendSharedModules ?? (() => import('./shared-runtime')))();
  const settled = await Promise.allSettled(
    listed.map(async (entry) => checkedDefinition(entry, await importModule(entry.url))),
  );
  const result: LoadedExternalPlugins = { plugins: [], failures: [] };
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') result.plugins.push(outcome.value);
    else result.failures.push({ id: listed[index].id, message: reasonOf(outcome.reason) });
  });
  return result;
}

function checkedDefinition(entry: ExternalWebPlugin, module: { default?: unknown }): PluginDefinition {
  const definition = module.default as Partial<PluginDefinition> | undefined;
  if (!definition || typeof definition !== 'object')
    throw new Error('its web entry has no default export (export default definePlugin({ … }))');
  if (definition.id !== entry.id)
    throw new Error(`its web entry says id "${String(definition.id)}", its package says "${entry.id}"`);
  if (definition.apiVersion !== PLUGIN_API_VERSION) {
    throw new Error(
      `it targets plugin API v${String(definition.apiVersion)}; this Polycue runs v${PLUGIN_API_VERSION}`,
    );
  }
  return definition as PluginDefinition;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Adds outside plugins to the app's own one by one, keeping each only if the registry accepts it
 * (unique ids, commands, routes, nav items): a plugin that clashes with another is set aside with
 * the registry's reason instead of stopping the app.
 */
export function admitPlugins(
  own: PluginDefinition[],
  external: LoadedExternalPlugins,
  accepts: (plugins: PluginDefinition[]) => void,
): LoadedExternalPlugins {
  const admitted: PluginDefinition[] = [];
  const failures = [...external.failures];
  for (const plugin of external.plugins) {
    try {
      accepts([...own, ...admitted, plugin]);
      admitted.push(plugin);
    } catch (error) {
      failures.push({ id: plugin.id, message: reasonOf(error) });
    }
  }
  return { plugins: admitted, failures };
}
