import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { useShell } from '../shell-context';
import { PageLoading } from '../router/route-guard-view';
import { Sidebar } from './sidebar';
import { ShellOverlays } from './shell-overlays';

// Drawn only while something is followed (exports): its code arrives after the app's first paint.
// The site-wide banner and its poll: drawn a moment after the first paint, from its own chunk.
const AlertBanner = lazy(() => import('../alert-banner'));
const ProgressPanel = lazy(() => import('../progress-panel/progress-panel').then((module) => ({ default: module.ProgressPanel })));

/** The product's pages: sidebar (with the logo) and the main area under the alert banner. */
export function AppLayout() {
  const { app, chrome } = useShell();
  const [checked, sidebarHidden, toggleSidebar] = useUnit([app.$sessionChecked, chrome.$sidebarHidden, chrome.sidebarToggled]);
  // Until we know who is there, draw nothing rather than a sidebar that may redirect away.
  if (!checked) return <PageLoading />;
  return (
    <div className={`app-layout${sidebarHidden ? ' sidebar-hidden' : ''}`}>
      {!sidebarHidden && <Sidebar />}
      <div className="app-main">
        <Suspense fallback={null}>
          <AlertBanner />
        </Suspense>
        {sidebarHidden && (
          <button type="button" className="show-sidebar button" onClick={() => toggleSidebar()} aria-label="Show sidebar">
            ☰
          </button>
        )}
        <main className="app-content" id="main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Suspense fallback={null}>
        <ProgressPanel />
      </Suspense>
      <ShellOverlays />
    </div>
  );
}
