import type { ServerPluginEntry } from '@polycue/sdk/server';
import { greetingRoutes } from './greeting-routes';

/**
 * The server half: a table of its own (created by its migration, dropped with the workspace) and
 * three routes under /api/v1/hello. The host passes its server SDK in; nothing of Polycue is
 * imported at run time (type imports vanish in the build).
 */
const hello: ServerPluginEntry = (sdk) =>
  sdk.defineServerPlugin({
    id: 'hello',
    apiVersion: sdk.apiVersion,
    migrations: [
      {
        // Globally ordered id; the plugin's id inside keeps plugins' migrations apart.
        id: '202611240000_hello_greetings',
        sql: `
CREATE TABLE hello_greetings (
  id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hello_greetings_workspace_idx ON hello_greetings (workspace_id, id DESC);`,
      },
    ],
    routes: (app) => greetingRoutes(app, sdk),
  });

export default hello;
