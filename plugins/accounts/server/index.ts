import {
  registerTenantResource,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
  type ServerExtensionPoint,
} from '../../../server/plugin-api';
import { historyRetention, seatGuards } from './extension-points';
import { ACCOUNT_INVITATIONS } from '../common/account-invitations-service';
import { ACCOUNTS_SERVER_MESSAGES } from '../common/accounts-contract';
import { registerAccountRoutes } from './account-routes';
import { registerAccountUserRoutes } from './account-user-routes';
import { accountsMigrations } from './accounts-migrations';
import { createAccountsServices } from './accounts-services';
import { registerWorkspaceRoutes } from './workspace-routes';
import { ACCOUNTS_ACCOUNT_DATA } from './account-data';

/**
 * Accounts, their users and workspaces: the spec's calls (docs/product-contract.md#calls "Accounts", "Account users",
 * "Workspaces"). Who may do what is declared per route in `config.tenant` and enforced by
 * server/authz; the rules themselves (who sees which workspace, the last-admin and
 * last-workspace guards) live in this folder's administration repositories (tenancy-rules.ts).
 * Paths and messages: ../common/accounts-contract.ts.
 */
export default defineServerPlugin({
  id: 'accounts',
  accountData: ACCOUNTS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: accountsMigrations,
  provides: [ACCOUNT_INVITATIONS],
  extensionPoints: [seatGuards as ServerExtensionPoint<unknown>, historyRetention as ServerExtensionPoint<unknown>],
  async routes(app) {
    const services = createAccountsServices(app);
    // Sign-up (the auth plugin) accepts pending invitations through this service.
    app.services.provide(ACCOUNT_INVITATIONS, services.invitations);
    registerTenantResource(
      app,
      'accountUser',
      (id) => services.accounts.ownerOfAccountUser(id),
      ACCOUNTS_SERVER_MESSAGES.accountUserNotFound,
    );
    registerTenantResource(
      app,
      'workspaceUser',
      (id) => services.workspaces.ownerOfWorkspaceUser(id),
      ACCOUNTS_SERVER_MESSAGES.workspaceUserNotFound,
    );
    registerAccountRoutes(app, services);
    registerAccountUserRoutes(app, services);
    registerWorkspaceRoutes(app, services);
  },
});
