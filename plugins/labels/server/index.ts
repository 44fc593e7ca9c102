import {
  contributeToServer,
  registerTenantResource,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
} from '../../../server/plugin-api';
import { projectVersionListExtensions } from '../../projects/server/extension-points';
import { labelsListContribution } from './labels-list-contribution';
import { LABELS_SERVER_MESSAGES } from '../common/labels-contract';
import { LabelRepository } from './label-repository';
import { registerLabelRoutes } from './label-routes';
import { labelsMigrations } from './labels-migrations';
import { LABELS_ACCOUNT_DATA } from './account-data';

/**
 * Labels of a workspace and their links to project versions (docs/product-contract.md#calls "Labels"). Needs the
 * projects plugin's tables (its migration runs first); adds each row's labels and the label filter
 * to the projects list through that plugin's declared point, so projects never imports it.
 */
export default defineServerPlugin({
  id: 'labels',
  accountData: LABELS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: labelsMigrations,
  contributions: [contributeToServer(projectVersionListExtensions, labelsListContribution)],
  async routes(app) {
    const labels = new LabelRepository(app.db);
    registerTenantResource(app, 'label', (id) => labels.ownerOf(id), LABELS_SERVER_MESSAGES.labelNotFound);
    registerLabelRoutes(app, labels);
  },
});
