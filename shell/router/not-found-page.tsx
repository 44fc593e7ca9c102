import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p className="muted">
        Nothing lives at <code>{pathname}</code>.
      </p>
      <Link className="button button-primary" to="/">
        Go to home
      </Link>
    </div>
  );
}

/** Shown by the router when a route's page fails to load (e.g. a lazy chunk after a deploy). */
export function RouteErrorPage() {
  return (
    <div className="not-found" role="alert">
      <h1>This page could not be loaded</h1>
      <p className="muted">Reloading usually fixes it.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
