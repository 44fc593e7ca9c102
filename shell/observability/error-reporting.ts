import type { PageConfig } from '../page-config';

export interface ErrorReporter {
  readonly enabled: boolean;
  report(error: unknown, context?: Record<string, unknown>): void;
  /** Removes the window listeners. */
  dispose(): void;
}

export const noopErrorReporter: ErrorReporter = { enabled: false, report: () => {}, dispose: () => {} };

interface ErrorReportingEnvironment {
  dev: boolean;
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  post: (url: string, body: string) => void;
}

const MAX_REPORTS_PER_PAGE = 20;

/**
 * Uncaught errors and unhandled rejections are POSTed as JSON to the configured DSN, outside
 * development only. Capped per page so an error in a render loop cannot flood the endpoint.
 */
export function installErrorReporting(
  config: PageConfig['errorReporting'],
  env: ErrorReportingEnvironment,
): ErrorReporter {
  if (env.dev || !config?.dsn) return noopErrorReporter;
  const dsn = config.dsn;
  let sent = 0;
  const report = (error: unknown, context: Record<string, unknown> = {}) => {
    if (sent >= MAX_REPORTS_PER_PAGE) return;
    sent += 1;
    const err = error instanceof Error ? error : new Error(String(error));
    const body = JSON.stringify({
      message: err.message,
      name: err.name,
      stack: err.stack ?? null,
      url: globalThis.location?.href ?? null,
      environment: config.environment ?? null,
      release: config.release ?? null,
      timestamp: new Date().toISOString(),
      ...context,
    });
    try {
      env.post(dsn, body);
    } catch {
      // Reporting must never throw into the page.
    }
  };
  const onError = (event: Event) =>
    report((event as ErrorEvent).error ?? (event as ErrorEvent).message, { kind: 'error' });
  const onRejection = (event: Event) => report((event as PromiseRejectionEvent).reason, { kind: 'unhandledrejection' });
  env.target.addEventListener('error', onError);
  env.target.addEventListener('unhandledrejection', onRejection);
  return {
    enabled: true,
    report,
    dispose() {
      env.target.removeEventListener('error', onError);
      env.target.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** `fetch` with keepalive so a report survives the page unloading. */
export function postJson(url: string, body: string): void {
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(
    () => {},
  );
}
