import { definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { ACCOUNTS_PAGES } from '../common/accounts-pages';
import { accountsCommands } from './accounts-commands';
import { accountSettingsSections } from './extension-points';

/**
 * Accounts, members and workspaces (the "admin" plugin): account settings, the members table and
 * the workspace list, their popups, and the palette commands to switch account or workspace.
 * Admin actions are shown to members disabled, with the reason as their tooltip; the server
 * enforces the same rules (plugins/accounts/server, server/authz). Only data here: pages and the
 * model (loaded by pages and commands through `loadAccountsModel`) are dynamic imports, outside
 * the shell's initial JavaScript.
 */
export default definePlugin({
  id: 'accounts',
  title: 'Accounts and workspaces',
  apiVersion: PLUGIN_API_VERSION,
  order: 60,
  routes: [
    {
      path: ACCOUNTS_PAGES.settings,
      access: 'member',
      layout: 'app',
      title: 'Account settings',
      load: () => import('./pages/account-settings-page'),
    },
    {
      path: ACCOUNTS_PAGES.members,
      access: 'member',
      layout: 'app',
      title: 'Members',
      load: () => import('./pages/members-page'),
    },
    {
      path: ACCOUNTS_PAGES.workspaces,
      access: 'member',
      layout: 'app',
      title: 'Workspaces',
      load: () => import('./pages/workspaces-page'),
    },
  ],
  nav: [
    {
      id: 'accounts.settings',
      label: 'Account',
      path: ACCOUNTS_PAGES.settings,
      order: 80,
      icon: '⚙',
      when: (ctx) => ctx.isMember,
    },
  ],
  commands: accountsCommands,
  commandProviders: [
    {
      id: 'accounts.switchToWorkspace',
      group: 'Workspaces',
      provide: async (ctx, search) =>
        (await import('./switch-workspace-provider')).switchWorkspaceCommands(ctx, search),
    },
  ],
  extensionPoints: [accountSettingsSections],
});
