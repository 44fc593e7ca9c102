import { Suspense, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { PluginRegistry, RouteContribution } from '../../core';
import { PluginBoundary, PluginPageFailure } from '../plugin-host/plugin-boundary';
import { ShellFrame } from '../shell-frame';
import { AppLayout } from '../layout/app-layout';
import { BareLayout } from '../layout/bare-layout';
import { NotFoundPage, RouteErrorPage } from './not-found-page';
import { PageLoading, RouteGuard } from './route-guard-view';

export interface PluginRoute {
  route: RouteContribution;
  pluginTitle: string;
}

/**
 * Routes from every plugin, each page behind React.lazy (its code is a separate chunk fetched
 * when the route opens), grouped under the layout they ask for. Built once, outside render.
 * Each page is drawn inside its plugin's boundary: a page that throws (or whose chunk fails to
 * load) names its plugin in a toast and leaves the layout, sidebar and palette working.
 */
export function buildRoutes(
  routes: PluginRoute[],
  onPluginError: (error: unknown, pluginTitle: string) => void,
): RouteObject[] {
  const app: RouteObject[] = [];
  const bare: RouteObject[] = [];
  for (const { route, pluginTitle } of routes) {
    const Page = lazy(route.load);
    const element = (
      <RouteGuard access={route.access ?? 'member'} title={route.title}>
        <PluginBoundary
          key={route.path}
          pluginTitle={pluginTitle}
          onError={onPluginError}
          fallback={<PluginPageFailure pluginTitle={pluginTitle} />}
        >
          {/* A boundary of the route's own: a new page still loading shows the placeholder at once,
              instead of the router keeping the previous page on screen, where typing would land
              in a form about to disappear. What is typed meanwhile is kept (PageLoading). */}
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </PluginBoundary>
      </RouteGuard>
    );
    (route.layout === 'bare' ? bare : app).push({ path: route.path, element });
  }
  return [
    {
      element: <ShellFrame />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <AppLayout />, children: app },
        { element: <BareLayout />, children: [...bare, { path: '*', element: <NotFoundPage /> }] },
      ],
    },
  ];
}

export function createAppRouter(
  registry: PluginRegistry,
  onPluginError: (error: unknown, pluginTitle: string) => void,
) {
  const routes = registry.plugins.flatMap((plugin) =>
    (plugin.routes ?? []).map((route) => ({ route, pluginTitle: plugin.title })),
  );
  return createBrowserRouter(buildRoutes(routes, onPluginError));
}
