import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { DATA_RIGHTS_ACCOUNT_DATA } from './account-data';
import { registerAccountDeletionRoutes } from './account-deletion-routes';
import { eraseDueJob } from './account-erasure';
import { accountExportJob } from './account-export-job';
import { registerAccountExportRoutes } from './account-export-routes';
import { dataRightsMigrations } from './data-rights-migrations';
import { expireExportsJob } from './expire-exports-job';
import { registerUserDeletionRoutes } from './user-deletion-routes';

/**
 * Take everything out, and erase (issue 27): an account's export (one zip of what every plugin
 * declares in `accountData`, made on the queue, kept 7 days), an account's deletion (14 days to
 * undo, by an admin or the mailed link, then erased by a job) and a person's own deletion.
 * Contract: plugins/data-rights/common/data-rights-contract.ts.
 */
export default defineServerPlugin({
  id: 'data-rights',
  accountData: DATA_RIGHTS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: dataRightsMigrations,
  requires: [SUBTITLE_STORE],
  jobs: [accountExportJob, expireExportsJob, eraseDueJob],
  async routes(app) {
    registerAccountExportRoutes(app);
    registerAccountDeletionRoutes(app);
    registerUserDeletionRoutes(app);
  },
});
