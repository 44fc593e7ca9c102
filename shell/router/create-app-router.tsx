import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { PluginRegistry, RouteContribution } from '../../core';
import { ShellFrame } from '../shell-frame';
import { AppLayout } from '../layout/app-layout';
import { BareLayout } from '../layout/bare-layout';
import { NotFoundPage, RouteErrorPage } from './not-found-page';
import { RouteGuard } from './route-guard-view';

/**
 * Routes from every plugin, each page behind React.lazy (its code is a separate chunk fetched
 * when the route opens), grouped under the layout they ask for. Built once, outside render.
 */
export function buildRoutes(contributions: RouteContribution[]): RouteObject[] {
  const app: RouteObject[] = [];
  const bare: RouteObject[] = [];
  for (const route of contributions) {
    const Page = lazy(route.load);
    const element = (
      <RouteGuard access={route.access ?? 'member'} title={route.title}>
        <Page />
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

export function createAppRouter(registry: PluginRegistry) {
  return createBrowserRouter(buildRoutes(registry.routes()));
}
