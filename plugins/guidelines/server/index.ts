import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import {
  GUIDELINE_LOOKUP,
  type GuidelineForPipeline,
  type WorkspaceResourceLookup,
} from '../../pipeline/common/pipeline-services';
import { GUIDELINES_SERVER_MESSAGES, type GuidelineParameters } from '../common/guidelines-contract';
import { GuidelineRepository } from './guideline-repository';
import { registerGuidelineRoutes } from './guideline-routes';
import { guidelinesMigrations } from './guidelines-migrations';
import { GUIDELINES_ACCOUNT_DATA } from './account-data';

/**
 * Guidelines of a workspace (docs/product-contract.md#calls "Guidelines"). Its own table; the pipeline reaches a
 * chosen guideline only through the lookup this plugin provides (GUIDELINE_LOOKUP, declared by the
 * pipeline's contract): the prompt for an instruction-following engine, and the words never to
 * translate, which every engine honours (they are protected like glossary terms).
 *
 * Who may change them: anyone who may open the workspace (its members and the account's admins)
 * may list, create, edit, delete them and set the default; nobody else sees they exist (404).
 */
export default defineServerPlugin({
  id: 'guidelines',
  accountData: GUIDELINES_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  provides: [GUIDELINE_LOOKUP],
  migrations: guidelinesMigrations,
  async routes(app) {
    const guidelines = new GuidelineRepository(app.db);
    registerTenantResource(app, 'guideline', (id) => guidelines.ownerOf(id), GUIDELINES_SERVER_MESSAGES.notFound);
    const lookup: WorkspaceResourceLookup<GuidelineForPipeline> = {
      async find(db, workspaceId, id) {
        const { rows } = await db.query(
          'SELECT prompt, parameters FROM guidelines WHERE workspace_id = $1 AND id = $2',
          [workspaceId, id],
        );
        if (!rows[0]) return null;
        const parameters = rows[0].parameters as GuidelineParameters;
        return {
          prompt: rows[0].prompt as string,
          doNotTranslate: parameters.doNotTranslate ?? [],
          formality: parameters.formality ?? null,
          tone: parameters.tone ?? null,
          maxCharsPerSecond: parameters.maxCharsPerSecond ?? null,
        };
      },
    };
    app.services.provide(GUIDELINE_LOOKUP, lookup);
    registerGuidelineRoutes(app, guidelines);
  },
});
