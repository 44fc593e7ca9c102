import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import {
  VOCABULARY_LOOKUP,
  type VocabularyForPipeline,
  type WorkspaceResourceLookup,
} from '../../pipeline/common/pipeline-services';
import { VOCABULARIES_SERVER_MESSAGES } from '../common/vocabularies-contract';
import { vocabulariesMigrations } from './vocabularies-migrations';
import { VocabularyRepository } from './vocabulary-repository';
import { registerVocabularyRoutes } from './vocabulary-routes';
import { VOCABULARIES_ACCOUNT_DATA } from './account-data';

/**
 * Vocabulary lists of a workspace (docs/product-contract.md#calls "Vocabularies"). Its own table; the pipeline
 * reaches a chosen list only through the lookup this plugin provides (VOCABULARY_LOOKUP, declared
 * by the pipeline's contract), which hands speech to text the list's words.
 *
 * Who may change them: anyone who may open the workspace (its members and the account's admins)
 * may list, create, edit and delete its vocabulary lists; nobody else sees they exist (404).
 */
export default defineServerPlugin({
  id: 'vocabularies',
  accountData: VOCABULARIES_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  provides: [VOCABULARY_LOOKUP],
  migrations: vocabulariesMigrations,
  async routes(app) {
    const vocabularies = new VocabularyRepository(app.db);
    registerTenantResource(app, 'vocabulary', (id) => vocabularies.ownerOf(id), VOCABULARIES_SERVER_MESSAGES.notFound);
    const lookup: WorkspaceResourceLookup<VocabularyForPipeline> = {
      async find(db, workspaceId, id) {
        const { rows } = await db.query('SELECT utterances FROM vocabulary_lists WHERE workspace_id = $1 AND id = $2', [
          workspaceId,
          id,
        ]);
        return rows[0] ? { words: rows[0].utterances as string[] } : null;
      },
    };
    app.services.provide(VOCABULARY_LOOKUP, lookup);
    registerVocabularyRoutes(app, vocabularies);
  },
});
