/**
 * Configuration the server writes into the page: a JSON `<script id="polycue-config">` element,
 * or the `window.__POLYCUE__` global (same shape). Nothing here is secret; it is what the
 * browser needs to switch analytics and error reporting on.
 */
export interface PageConfig {
  csrfToken?: string;
  environment?: string;
  analytics?: { key?: string; host?: string };
  errorReporting?: { dsn?: string; environment?: string; release?: string };
}

export function readPageConfig(
  doc: Pick<Document, 'getElementById'> | null = typeof document === 'undefined' ? null : document,
  global: { __POLYCUE__?: PageConfig } = globalThis as { __POLYCUE__?: PageConfig },
): PageConfig {
  const text = doc?.getElementById('polycue-config')?.textContent;
  if (text) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object') return parsed as PageConfig;
    } catch {
      // A broken config must not stop the app: fall through to the global.
    }
  }
  return global.__POLYCUE__ ?? {};
}
