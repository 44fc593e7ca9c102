import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { registerAlertRoutes } from './alert-routes';

/**
 * Instance operators' tools: the site-wide alert banner, published, corrected and withdrawn while
 * the app runs (the host keeps the `alerts` table; server/identity/alert-repository.ts). Contract:
 * plugins/operators/common/operators-contract.ts.
 */
export default defineServerPlugin({
  id: 'operators',
  apiVersion: PLUGIN_API_MAJOR,
  async routes(app) {
    registerAlertRoutes(app);
  },
});
