import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router-dom';
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

/** The product's pages: sidebar (with the logo) and the main area under the alert banner. */
export function AppLayout() {
  const { app, chrome } = useShell();
  const [checked, sidebarHidden, toggleSidebar] = useUnit([
    app.$sessionChecked,
    chrome.$sidebarHidden,
    chrome.sidebarToggled,
  ]);
  // Until we know who is there, draw nothing rather than a sidebar that may redirect away.
  if (!checked) return <PageLoading />;
  return (
    <div className={`app-layout${sidebarHidden ? ' sidebar-hidden' : ''}`}>
      {/* The first Tab stop: past the sidebar, focus on the page's content (a named place, not the body). */}
      <a
        className="skip-link button"
        href="#main"
        onClick={(event) => (event.preventDefault(), document.getElementById('main')?.focus())}
      >
        Skip to content
      </a>
      {!sidebarHidden && <Sidebar />}
      <div className="app-main">
        <Suspense fallback={null}>
          <AlertBanner />
        </Suspense>
        {sidebarHidden && (
          <button
            type="button"
            className="show-sidebar button"
            onClick={() => toggleSidebar()}
            aria-label="Show sidebar"
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
