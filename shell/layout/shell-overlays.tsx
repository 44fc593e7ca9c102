import { Suspense, lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { shellOverlays, type ShellOverlay } from '../../core';
import { buildWhenContext, useShell } from '../shell-context';
import { isVisible } from '../palette/palette-sections';

const lazyOverlays = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyOverlay(overlay: ShellOverlay) {
  let component = lazyOverlays.get(overlay.id);
  if (!component) {
    component = lazy(overlay.load);
    lazyOverlays.set(overlay.id, component);
  }
  return component;
}

/** Contributions to `shellOverlays` (e.g. the newsletter popup), over app pages, each in its own chunk. */
export function ShellOverlays() {
  const { registry, app, contextKeys } = useShell();
  const keys = useUnit(contextKeys.$keys);
  const { pathname } = useLocation();
  const [user, accountId, workspaceId, isAccountAdmin] = useUnit([app.$user, app.$currentAccountId, app.$currentWorkspaceId, app.$isAccountAdmin]);
  const overlays = useMemo(() => registry.contributions(shellOverlays), [registry]);
  const when = buildWhenContext({ user, accountId, workspaceId, isAccountAdmin }, pathname, keys);
  return (
    <>
      {overlays
        .filter((overlay) => isVisible(overlay, when))
        .map((overlay) => {
          const Overlay = lazyOverlay(overlay);
          return (
            <Suspense key={overlay.id} fallback={null}>
              <Overlay />
            </Suspense>
          );
        })}
    </>
  );
}
