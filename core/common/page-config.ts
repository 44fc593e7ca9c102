/**
 * Configuration the server writes into every page as JSON (`<script id="polycue-config">`): what the
 * browser needs before its first request. Nothing here is secret. Fields are optional for the
 * reader: a page from an older server (or a test) may lack any of them.
 */
export const PAGE_CONFIG_ELEMENT_ID = 'polycue-config';

export interface PageConfig {
  csrfToken?: string;
  /** The server's NODE_ENV, e.g. `production`. */
  env?: string;
  analytics?: { key?: string | null; host?: string | null };
  errorReporting?: { dsn?: string | null; environment?: string; release?: string };
  /** Web entries of plugins installed outside the build (PLUGINS_DIR), loaded by dynamic import. */
  plugins?: ExternalWebPlugin[];
  /**
   * Ids of plugins installed outside the build that the server left out (their server half
   * failed to load, or a migration failed): their web half is not listed, so the shell names each
   * in a toast. Only the ids: the reason stays in the server's log, as it may hold paths and SQL.
   */
  pluginsLeftOut?: string[];
}

export interface ExternalWebPlugin {
  id: string;
  /** Address of the plugin's ES module, e.g. `/plugin-assets/hello/web.js?v=1.0.0`. */
  url: string;
  version: string;
}
