import { PluginRegistry, type PluginDefinition, type ToastService } from '../../core';
import type { ExternalWebPlugin } from '../../core/common/page-config';
import { admitPlugins, loadExternalPlugins, type LoadedExternalPlugins } from './load-external-plugins';

/**
 * The outside plugins the page lists, loaded and admitted beside the app's own. A chunk of its
 * own: a page without outside plugins never fetches it.
 */
export async function externalWebPlugins(
  own: PluginDefinition[],
  listed: ExternalWebPlugin[],
): Promise<LoadedExternalPlugins & { announceFailures(toast: Pick<ToastService, 'error'>): void }> {
  const admitted = admitPlugins(own, await loadExternalPlugins(listed), (plugins) => void new PluginRegistry(plugins));
  return {
    ...admitted,
    /** Names each plugin left out, in the console and in a toast, once the shell's toasts exist. */
    announceFailures(toast) {
      for (const failure of admitted.failures) {
        console.error(`Plugin "${failure.id}" could not be loaded: ${failure.message}`);
        toast.error(`Plugin “${failure.id}” could not be loaded`, failure.message);
      }
    },
  };
}
