import {
  contributeToServer,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
  type ServerExtensionPoint,
} from '../../../server/plugin-api';
import { projectVersionListExtensions } from '../../projects/server/extension-points';
import { DUBBED_MEDIA, GUIDELINE_LOOKUP, TERMBASE_LOOKUP, VOCABULARY_LOOKUP } from '../common/pipeline-services';
import { PROJECT_VERSIONS } from '../../projects/common/project-versions-service';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { PIPELINE_USAGE } from '../common/pipeline-usage';
import { processedUsage } from './usage-queries';
import { setupAllowances, setupGuards } from './extension-points';
import { pipelineListContribution } from './pipeline-list-contribution';
import { pipelineJobs } from './jobs/pipeline-jobs';
import { pipelineMigrations } from './pipeline-migrations';
import { registerProcessingRoutes } from './processing-routes';
import { registerSettingsRoutes } from './settings-routes';
import { registerSetupRoutes } from './setup-routes';
import { PIPELINE_ACCOUNT_DATA } from './account-data';

/**
 * The pipeline: set-up calls (docs/product-contract.md#calls "Project versions": show_settings, setup, their
 * TTS twins), the processing info the /processing page polls, and one pg-boss job per step
 * (fetch media, probe, extract audio, speech to text or alignment per chunk, segmentation,
 * translation per language, synthesis and mixing per dubbing language, finish). Needs the
 * projects plugin (versions, elements) and the subtitles plugin (SUBTITLE_STORE).
 */
export default defineServerPlugin({
  id: 'pipeline',
  accountData: PIPELINE_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: pipelineMigrations,
  jobs: pipelineJobs,
  provides: [DUBBED_MEDIA, PIPELINE_USAGE],
  requires: [PROJECT_VERSIONS, SUBTITLE_STORE],
  // A set-up may name a vocabulary list, a guideline or a term base when their plugins are installed.
  uses: [VOCABULARY_LOOKUP, GUIDELINE_LOOKUP, TERMBASE_LOOKUP],
  // Set-up guards and allowances: what other plugins (billing's plans) refuse or limit.
  extensionPoints: [setupGuards as ServerExtensionPoint<unknown>, setupAllowances as ServerExtensionPoint<unknown>],
  contributions: [contributeToServer(projectVersionListExtensions, pipelineListContribution)],
  async routes(app) {
    // Other plugins (exports) read the dubbed media through this, never the table.
    app.services.provide(DUBBED_MEDIA, {
      async latest(db, projectVersionId, language) {
        const { rows } = await db.query(
          'SELECT audio_key AS "audioKey", video_key AS "videoKey" FROM pipeline_dubbed_media WHERE project_version_id = $1 AND language = $2 ORDER BY run_id DESC LIMIT 1',
          [projectVersionId, language],
        );
        return (rows[0] as { audioKey: string; videoKey: string | null } | undefined) ?? null;
      },
    });
    // The billing plugin meters plans with this (minutes and voice-overs of an account's runs).
    app.services.provide(PIPELINE_USAGE, { processed: processedUsage });
    registerSettingsRoutes(app);
    registerSetupRoutes(app);
    registerProcessingRoutes(app);
  },
});
