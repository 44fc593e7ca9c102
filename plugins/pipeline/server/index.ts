import { contributeToServer, defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { projectVersionListExtensions } from '../../projects/server/extension-points';
import { pipelineListContribution } from './pipeline-list-contribution';
import { pipelineJobs } from './jobs/pipeline-jobs';
import { pipelineMigrations } from './pipeline-migrations';
import { registerProcessingRoutes } from './processing-routes';
import { registerSettingsRoutes } from './settings-routes';
import { registerSetupRoutes } from './setup-routes';

/**
 * The pipeline: set-up calls (spec section 7 "Project versions": show_settings, setup, their
 * TTS twins), the processing info the /processing page polls, and one pg-boss job per step
 * (fetch media, probe, extract audio, speech to text or alignment per chunk, segmentation,
 * translation per language, synthesis and mixing per dubbing language, finish). Needs the
 * projects plugin (versions, elements) and the subtitles plugin (SUBTITLE_STORE).
 */
export default defineServerPlugin({
  id: 'pipeline',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: pipelineMigrations,
  jobs: pipelineJobs,
  contributions: [contributeToServer(projectVersionListExtensions, pipelineListContribution)],
  async routes(app) {
    registerSettingsRoutes(app);
    registerSetupRoutes(app);
    registerProcessingRoutes(app);
  },
});
