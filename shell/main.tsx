import 'reflect-metadata/lite';
import './theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ContainerProvider, takeSelectionParams } from '../core';
import { webPlugins } from './plugins';
import { createShell } from './bootstrap';
import { readPageConfig } from './page-config';
import { ShellProvider, type Shell } from './shell-context';
import { createAppRouter } from './router/create-app-router';
import { ErrorBoundary, StartupFailure } from './error-boundary';
import { AnalyticsProvider } from './observability/analytics';
import { pluginFailureToast } from './plugin-host/plugin-boundary';
import { startAppPaletteKeyBuffer } from './palette/palette-key-buffer';
import { holdStartupTypeahead, releaseStartupTypeahead } from './router/typeahead-buffer';

// First, before any other listener: keys typed while the app is still arriving are kept (the
// palette's after Ctrl+K; otherwise for the field the first page focuses, see ShellFrame).
startAppPaletteKeyBuffer();
holdStartupTypeahead();

const root = createRoot(document.getElementById('root')!);

async function start() {
  // docs/product-contract.md#states-and-transitions: accountId/workspaceId in the address choose the current ones, then leave it
  // (before the router reads the address).
  const { accountId, workspaceId, rest } = takeSelectionParams(window.location.search);
  if (accountId !== null || workspaceId !== null) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest}${window.location.hash}`);
  }

  const config = readPageConfig();
  // Plugins installed outside the build (PLUGINS_DIR) join before the registry is built; one that
  // fails to load or clashes with another, or that the server left out, is named in a toast.
  const external =
    config.plugins?.length || config.pluginsLeftOut?.length
      ? await (
          await import('./plugin-host/external-web-plugins')
        ).externalWebPlugins(webPlugins, config.plugins ?? [], config.pluginsLeftOut)
      : null;

  let shell: Shell;
  let router: ReturnType<typeof createAppRouter>;
  try {
    // Everything resolved here, before React renders: a DI failure shows a message, not a blank page.
    shell = createShell({
      plugins: external ? [...webPlugins, ...external.plugins] : webPlugins,
      config,
      dev: import.meta.env.DEV,
      storage: safeLocalStorage(),
    });
    const { toast } = shell;
    router = createAppRouter(shell.registry, (error, pluginTitle) => {
      const { title, description } = pluginFailureToast(pluginTitle, error);
      toast.error(title, description);
    });
    external?.announceFailures(toast);
    shell.navigator.attach({ navigate: (path, options) => void router.navigate(path, options) });
  } catch (error) {
    console.error('Polycue failed to start', error);
    root.render(<StartupFailure message="Polycue could not start. Reloading usually fixes it." />);
    releaseStartupTypeahead();
    return;
  }

  const tree = (
    <ErrorBoundary onError={(error) => shell.errorReporter.report(error, { kind: 'render' })}>
      <ContainerProvider container={shell.container}>
        <ShellProvider value={shell}>
          <RouterProvider router={router} />
        </ShellProvider>
      </ContainerProvider>
    </ErrorBoundary>
  );
  root.render(
    <StrictMode>
      {/* Outside development and when configured; a no-op context otherwise. */}
      {shell.analytics.enabled ? <AnalyticsProvider analytics={shell.analytics}>{tree}</AnalyticsProvider> : tree}
    </StrictMode>,
  );
  shell.app.appStarted({ accountId, workspaceId });
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private modes may refuse storage; the app works without remembering things
  }
}

void start();
