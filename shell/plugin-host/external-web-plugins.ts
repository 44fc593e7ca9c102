import { PluginRegistry, type PluginDefinition, type ToastService } from '../../core';
import type { ExternalWebPlugin } from '../../core/common/page-config';
import { admitPlugins, loadExternalPlugins, type LoadedExternalPlugins } from './load-external-plugins';

/** Why a plugin the server left out is missing: the real reason (paths, SQL) stays in the server's log. */
export const LEFT_OUT_ON_SERVER = 'The server left it out when it started; its log says why.';

/**
 * The outside plugins the page lists, loaded and admitted beside the app's own, and those the
 * server left out (`pluginsLeftOut`: their web half is not listed, so only this names them). A
 * chunk of its own: a page without outside plugins never fetches it.
 */
export async function externalWebPlugins(
  own: PluginDefinition[],
  listed: ExternalWebPlugin[],
  leftOutOnServer: string[] = [],
): Promise<LoadedExternalPlugins & { announceFailures(toast: Pick<ToastService, 'error'>): void }> {
  const admitted = admitPlugins(own, await loadExternalPlugins(listed), (plugins) => void new PluginRegistry(plugins));
  const failures = [...leftOutOnServer.map((id) => ({ id, message: LEFT_OUT_ON_SERVER })), ...admitted.failures];
  return {
    ...admitted,
    failures,
    /** Names each plugin left out, in the console and in a toast, once the shell's toasts exist. */
    announceFailures(toast) {
      for (const failure of failures) {
        console.error(`Plugin "${failure.id}" could not be loaded: ${failure.message}`);
        toast.error(`Plugin “${failure.id}” could not be loaded`, failure.message);
      }
    },
  };
}
