import { PAGE_CONFIG_ELEMENT_ID, type PageConfig } from '../core/common/page-config';

/**
 * Configuration the server writes into the page: a JSON `<script id="polycue-config">` element,
 * or the `window.__POLYCUE__` global (same shape). Nothing here is secret; it is what the
 * browser needs to switch analytics and error reporting on.
 */
export type { PageConfig };

export function readPageConfig(
  doc: Pick<Document, 'getElementById'> | null = typeof document === 'undefined' ? null : document,
  global: { __POLYCUE__?: PageConfig } = globalThis as { __POLYCUE__?: PageConfig },
): PageConfig {
  const text = doc?.getElementById(PAGE_CONFIG_ELEMENT_ID)?.textContent;
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
