import { PluginRegistry, type PluginDefinition } from '../../core';
import type { ExternalWebPlugin } from '../../core/common/page-config';
import { admitPlugins, loadExternalPlugins, type LoadedExternalPlugins } from './load-external-plugins';

/**
 * The outside plugins the page lists, loaded and admitted beside the app's own. A chunk of its
 * own: a page without outside plugins never fetches it.
 */
export async function externalWebPlugins(own: PluginDefinition[], listed: ExternalWebPlugin[]): Promise<LoadedExternalPlugins> {
  return admitPlugins(own, await loadExternalPlugins(listed), (plugins) => void new PluginRegistry(plugins));
}
