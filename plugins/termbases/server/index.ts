import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import {
  TERMBASE_LOOKUP,
  type TermBaseForPipeline,
  type WorkspaceResourceLookup,
} from '../../pipeline/common/pipeline-services';
import { TERMBASES_SERVER_MESSAGES } from '../common/termbases-contract';
import { TermbaseRepository } from './termbase-repository';
import { registerTermbaseRoutes } from './termbase-routes';
import { termbasesMigrations } from './termbases-migrations';
import { TERMBASES_ACCOUNT_DATA } from './account-data';

/**
 * Term bases of a workspace (docs/product-contract.md#calls "Term bases"): term bases, their entries (a term per
 * language), added one by one or imported from CSV/TSV glossaries or TBX files. Its own tables;
 * the pipeline reaches a chosen term base only through TERMBASE_LOOKUP, which hands the
 * translation the pairs it must honour. Who may change them: anyone who may open the workspace;
 * others get 404.
 */
export default defineServerPlugin({
  id: 'termbases',
  accountData: TERMBASES_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  provides: [TERMBASE_LOOKUP],
  migrations: termbasesMigrations,
  async routes(app) {
    const termbases = new TermbaseRepository(app.db);
    registerTenantResource(app, 'termbase', (id) => termbases.ownerOf(id), TERMBASES_SERVER_MESSAGES.notFound);
    registerTenantResource(
      app,
      'termbaseEntry',
      (id) => termbases.entryOwnerOf(id),
      TERMBASES_SERVER_MESSAGES.entryNotFound,
    );
    const lookup: WorkspaceResourceLookup<TermBaseForPipeline> = {
      async find(db, workspaceId, id) {
        const { rows } = await db.query(
          'SELECT e.terms FROM termbases t LEFT JOIN termbase_entries e ON e.termbase_id = t.id WHERE t.workspace_id = $1 AND t.id = $2 ORDER BY e.id',
          [workspaceId, id],
        );
        if (rows.length === 0) return null;
        const entries = rows.flatMap((row) => (row.terms ? [row.terms as Record<string, string>] : []));
        return {
          entriesFor: (from, to) =>
            entries
              .filter((terms) => terms[from] && terms[to])
              .map((terms) => ({ source: terms[from]!, target: terms[to]! })),
        };
      },
    };
    app.services.provide(TERMBASE_LOOKUP, lookup);
    registerTermbaseRoutes(app, termbases);
  },
});
