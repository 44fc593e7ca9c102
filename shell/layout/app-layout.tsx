import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useShell } from '../shell-context';
import { PageLoading } from '../router/route-guard-view';
import { Sidebar } from './sidebar';

// Drawn only while something is followed (exports): its code arrives after the app's first paint.
// The site-wide banner and its poll: drawn a moment after the first paint, from its own chunk.
const AlertBanner = lazy(() => import('../alert-banner'));
// Popups over the pages (the newsletter) and the rule that keeps them under dialogs: after first paint too.
const ShellOverlays = lazy(() => import('./shell-overlays'));
const ProgressPanel = lazy(() =>
  import('../progress-panel/progress-panel').then((module) => ({ default: module.ProgressPanel })),
);

/**
 * The product's pages: sidebar (with the logo) and the main area under the alert banner. On a
 * narrow window (shell-chrome-model.ts, COMPACT_QUERY) the sidebar is a drawer over the page: the
 * page behind is inert while it is open, focus goes into it, and Escape or a click beside it
 * closes it and gives focus back to the button that opened it; following a link closes it too.
 */
export function AppLayout() {
  const { app, chrome } = useShell();
  const [checked, shown, compact, toggleSidebar, closeDrawer] = useUnit([
    app.$sessionChecked,
    chrome.$sidebarShown,
    chrome.$compact,
    chrome.sidebarToggled,
    chrome.drawerClosed,
  ]);
  const { pathname } = useLocation();
  const drawerOpen = compact && shown;
  const drawer = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const giveFocusBack = useRef(false);

  useEffect(() => closeDrawer(), [pathname, closeDrawer]);
  useEffect(() => {
    if (drawerOpen) drawer.current?.querySelector<HTMLElement>('a[href], button, select')?.focus();
    else if (giveFocusBack.current) opener.current?.focus();
    giveFocusBack.current = false;
  }, [drawerOpen]);
  const closeAndReturn = () => {
    giveFocusBack.current = true;
    closeDrawer();
  };

  // Until we know who is there, draw nothing rather than a sidebar that may redirect away.
  if (!checked) return <PageLoading />;
  return (
    <div className={`app-layout${shown ? '' : ' sidebar-hidden'}${compact ? ' compact' : ''}`}>
      {/* The first Tab stop: past the sidebar, focus on the page's content (a named place, not the body). */}
      <a
        className="skip-link button"
        href="#main"
        onClick={(event) => (event.preventDefault(), document.getElementById('main')?.focus())}
      >
        Skip to content
      </a>
      {drawerOpen ? (
        <>
          <div className="sidebar-backdrop" onClick={closeAndReturn} aria-hidden="true" />
          <div
            className="sidebar-drawer"
            id="sidebar"
            ref={drawer}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              closeAndReturn();
            }}
          >
            <Sidebar />
          </div>
        </>
      ) : (
        shown && <Sidebar />
      )}
      <div className="app-main" inert={drawerOpen}>
        <Suspense fallback={null}>
          <AlertBanner />
        </Suspense>
        {(compact || !shown) && (
          <button
            type="button"
            ref={opener}
            className="show-sidebar button"
            onClick={() => toggleSidebar()}
            aria-label="Show sidebar"
            aria-expanded={shown}
            aria-controls={compact ? 'sidebar' : undefined}
          >
            ☰
          </button>
        )}
        <main className="app-content" id="main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Suspense fallback={null}>
        <ProgressPanel />
      </Suspense>
      <Suspense fallback={null}>
        <ShellOverlays />
      </Suspense>
    </div>
  );
}
