import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../router/route-guard-view';

/** Sign-in, onboarding and other pages without the sidebar: a centred card, and so no logo. */
export function BareLayout() {
  return (
    <main className="bare-layout">
      <div className="bare-card">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </main>
  );
}
