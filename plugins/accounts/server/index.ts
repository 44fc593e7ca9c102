import { registerTenantResource, defineServerPlugin } from '../../../server/plugin-api';
import { ACCOUNTS_SERVER_MESSAGES } from '../common/accounts-contract';
import { registerAccountRoutes } from './account-routes';
import { registerAccountUserRoutes } from './account-user-routes';
import { accountsMigrations } from './accounts-migrations';
import { createAccountsServices } from './accounts-services';
import { registerWorkspaceRoutes } from './workspace-routes';

/**
 * Accounts, their users and workspaces: the spec's calls (section 7 "Accounts", "Account users",
 * "Workspaces"). Who may do what is declared per route in `config.tenant` and enforced by
 * server/authz; the rules themselves (who sees which workspace, the last-admin and
 * last-workspace guards) live in server/identity. Paths and messages: ../common/accounts-contract.ts.
 */
export default defineServerPlugin({
  id: 'accounts',
  migrations: accountsMigrations,
  async routes(app) {
    const services = createAccountsServices(app);
    registerTenantResource(app, 'accountUser', (id) => services.accounts.ownerOfAccountUser(id), ACCOUNTS_SERVER_MESSAGES.accountUserNotFound);
    registerTenantResource(app, 'workspaceUser', (id) => services.workspaces.ownerOfWorkspaceUser(id), ACCOUNTS_SERVER_MESSAGES.workspaceUserNotFound);
    registerAccountRoutes(app, services);
    registerAccountUserRoutes(app, services);
    registerWorkspaceRoutes(app, services);
  },
});
