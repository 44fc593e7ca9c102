import { Suspense, lazy, useMemo, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
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

/**
 * The overlay stack's one rule: a modal dialog (core's Dialog, the palette: anything
 * `aria-modal`) is on top, and nothing of `shellOverlays` may cover it. Read from the page itself,
 * so a dialog of any plugin counts without telling anyone.
 */
const modalOpen = () => document.querySelector('[aria-modal="true"]') !== null;
function subscribeToDialogs(changed: () => void) {
  const observer = new MutationObserver(changed);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Contributions to `shellOverlays` (e.g. the newsletter popup), over app pages, each in its own
 * chunk. While a modal dialog is open they are hidden (kept mounted, so focus and answers are not
 * lost) and come back when the last dialog closes: a popup never covers a dialog's buttons.
 */
export default function ShellOverlays() {
  const { registry, app, contextKeys } = useShell();
  const keys = useUnit(contextKeys.$keys);
  const { pathname } = useLocation();
  const [user, accountId, workspaceId, isAccountAdmin] = useUnit([
    app.$user,
    app.$currentAccountId,
    app.$currentWorkspaceId,
    app.$isAccountAdmin,
  ]);
  const overlays = useMemo(() => registry.contributions(shellOverlays), [registry]);
  const dialogOpen = useSyncExternalStore(subscribeToDialogs, modalOpen);
  const when = buildWhenContext({ user, accountId, workspaceId, isAccountAdmin }, pathname, keys);
  return (
    <div className="shell-overlays" hidden={dialogOpen}>
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
    </div>
  );
}
