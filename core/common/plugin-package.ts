/**
 * How a plugin built outside Polycue describes itself: its `package.json` carries a `polycue`
 * field. The major version of the plugin API is shared by the web and server halves; a plugin
 * built for another major is refused at start-up with a message naming it (docs/plugins.md).
 *
 * ```json
 * { "name": "polycue-plugin-hello", "version": "1.0.0",
 *   "polycue": { "id": "hello", "apiVersion": 1, "web": "dist/web/index.js", "server": "dist/server/index.js" } }
 * ```
 */
export const PLUGIN_PACKAGE_FIELD = 'polycue';

/** The plugin API's major version: raised only for changes that break plugins built before. */
export const PLUGIN_API_MAJOR = 1 as const;

export interface PluginPackageManifest {
  /** kebab-case, unique in an install; the same as the id of the web and server definitions. */
  id: string;
  apiVersion: number;
  /** ES module default-exporting the web definition (`definePlugin` from `@polycue/sdk`). */
  web?: string;
  /** ES module default-exporting the server definition, or a function of the server SDK returning it. */
  server?: string;
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function isPluginId(id: string): boolean {
  return PLUGIN_ID.test(id);
}
