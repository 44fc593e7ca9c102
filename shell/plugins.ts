import type { PluginDefinition } from '../core';

/**
 * The web plugins of this build, found by folder: every `plugins/<id>/web/index.ts` default-exports
 * its definition, so adding a feature is adding its folder and removing it is deleting the folder.
 * The definitions are data (pages and models are lazy imports inside them), so reading them all
 * eagerly costs the initial JavaScript only their commands and nav items.
 *
 * Ordered by `order` (then id): the order of palette groups and of equal-ranked nav items.
 */
const found = import.meta.glob<PluginDefinition>('../plugins/*/web/index.ts', { eager: true, import: 'default' });

export function orderPlugins(plugins: PluginDefinition[]): PluginDefinition[] {
  return [...plugins].sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id));
}

export const webPlugins: PluginDefinition[] = orderPlugins(Object.values(found));
