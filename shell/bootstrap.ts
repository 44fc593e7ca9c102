import {
  coreServicesModule,
  createContainer,
  PluginRegistry,
  progressSources,
  SHELL_CHROME,
  TOKENS,
  type PluginDefinition,
  type ShellChrome,
} from '../core';
import { createPaletteModel } from './palette/palette-model';
import { createFollowedItemsModel } from './progress-panel/followed-items-model';
import { COMPACT_QUERY, createShellChromeModel } from './shell-chrome-model';
import { createAnalytics } from './observability/analytics';
import { installErrorReporting, postJson } from './observability/error-reporting';
import type { PageConfig } from './page-config';
import type { Shell } from './shell-context';

export interface ShellOptions {
  plugins: PluginDefinition[];
  config: PageConfig;
  dev: boolean;
  storage: Storage | null;
  disabled?: string[];
}

/**
 * Builds the container, the plugin registry and the shell's models, all outside React: a DI
 * error thrown during render would unmount the whole tree (docs/decisions.md#measured-facts-the-code-relies-on).
 */
export function createShell({ plugins, config, dev, storage, disabled }: ShellOptions): Shell {
  const errorReporter = installErrorReporting(config.errorReporting, { dev, target: window, post: postJson });
  const analytics = createAnalytics(config.analytics, {
    dev,
    sendBeacon: globalThis.navigator?.sendBeacon
      ? (url, body) => globalThis.navigator.sendBeacon(url, body)
      : undefined,
  });

  const container = createContainer(coreServicesModule);
  const registry = new PluginRegistry(plugins, { disabled });
  container.bind(TOKENS.PluginRegistry).toConstantValue(registry);

  const app = container.get(TOKENS.AppModel);
  const toast = container.get(TOKENS.ToastService);
  const keyboard = container.get(TOKENS.KeyboardShortcuts);
  const deferredNavigator = container.get(TOKENS.Navigator) as Shell['navigator'];
  const palette = createPaletteModel({ storage });
  const chrome = createShellChromeModel({
    storage,
    compactQuery: typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(COMPACT_QUERY) : null,
  });
  const progress = createFollowedItemsModel({
    polling: container.get(TOKENS.PollingService),
    sources: () =>
      registry
        .contributions(progressSources)
        .map((source) => ({ id: source.id, fetch: (ids: string[]) => source.fetch(ids, { container }) })),
    storage,
  });

  const shellChrome: ShellChrome = {
    toggleSidebar: () => chrome.sidebarToggled(),
    openDialog: (load) => chrome.dialogOpened(load),
    followProgress: (item) => progress.itemFollowed(item),
    openPalette: (commandId) => {
      const command = commandId ? registry.commands().find((c) => c.id === commandId) : undefined;
      palette.opened(
        command ? { commandId: command.id, title: command.title, placeholder: command.choicesPlaceholder } : undefined,
      );
    },
  };
  // Bound before plugins activate so their models may resolve it.
  container.bind(SHELL_CHROME).toConstantValue(shellChrome);
  registry.activate(container, app);

  return {
    container,
    registry,
    app,
    toast,
    contextKeys: container.get(TOKENS.ContextKeys),
    keyboard,
    navigator: deferredNavigator,
    commandContext: { container, app, navigate: (path, options) => deferredNavigator.navigate(path, options) },
    palette,
    progress,
    chrome,
    analytics,
    errorReporter,
  };
}
