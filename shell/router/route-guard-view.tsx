import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import type { RouteAccess } from '../../core';
import { useShell } from '../shell-context';
import { decideRedirect } from './route-guard';
import { holdTypeaheadBuffer } from './typeahead-buffer';

/** Applies decideRedirect to one route; shows a quiet placeholder while the session is checked. */
export function RouteGuard({ access, title, children }: { access: RouteAccess; title?: string; children: ReactNode }) {
  const { app } = useShell();
  const [checked, user] = useUnit([app.$sessionChecked, app.$user]);
  const { pathname, search } = useLocation();
  const decision = decideRedirect(access, { checked, user: user?.attributes ?? null }, pathname);

  useEffect(() => {
    if (decision.kind === 'render') document.title = title ? `${title} · Polycue` : 'Polycue';
  }, [decision.kind, title]);

  if (decision.kind === 'wait') return <PageLoading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={{ from: pathname + search }} />;
  return <>{children}</>;
}

export function PageLoading() {
  // Keys typed while the page arrives go into the field it focuses (typeahead-buffer.ts).
  useEffect(() => holdTypeaheadBuffer(), []);
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
