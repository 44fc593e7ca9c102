import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import { EXPORTS_MESSAGES } from '../common/exports-contract';
import { ExportationRepository } from './exportation-repository';
import { registerExportationRoutes } from './exportation-routes';
import { exportsMigrations } from './exports-migrations';
import { exportJob } from './jobs/export-job';
import { exportWatchdogJob } from './jobs/export-watchdog';
import { EXPORT_USES } from './export-request';
import { EXPORTS_ACCOUNT_DATA } from './account-data';

/**
 * Exports (docs/product-contract.md#entities-and-fields, #states-and-transitions, #calls "Exports"): a subtitle file in any format the subtitles plugin
 * writes, the video with a subtitle burned in (ffmpeg + libass, styled by a theme when the themes
 * plugin provides EXPORT_THEME_LOOKUP), and the dubbed video or audio of a voice-over run. Each export
 * is a job on the queue; the browser follows it through get_by_ids and downloads it when done.
 * Other plugins are reached only through their services (versions, subtitle store, dubbed media,
 * themes); a missing one makes its kind of export unavailable, never a crash.
 */
export default defineServerPlugin({
  id: 'exports',
  accountData: EXPORTS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: exportsMigrations,
  jobs: [exportJob, exportWatchdogJob],
  uses: EXPORT_USES,
  async routes(app) {
    const exportations = new ExportationRepository(app.db);
    registerTenantResource(app, 'exportation', (id) => exportations.ownerOf(id), EXPORTS_MESSAGES.notFound);
    registerExportationRoutes(app, exportations);
  },
});
