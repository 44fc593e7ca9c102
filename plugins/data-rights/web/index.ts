import { contribute, definePlugin, PLUGIN_API_VERSION, progressSources } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';
import { profileSections } from '../../auth/web/extension-points';

/**
 * Take everything out, and erase: the account settings' export and deletion sections, the
 * profile's "Delete your user", the mailed undo link's page, the progress panel's source of
 * exports and palette commands (from a provider: the initial JavaScript's budget has no room).
 */
export default definePlugin({
  id: 'data-rights',
  title: 'Data export and deletion',
  apiVersion: PLUGIN_API_VERSION,
  order: 55,
  routes: [
    {
      path: '/account_deletion/undo',
      load: () => import('./undo-deletion-page'),
      access: 'public',
      layout: 'bare',
      title: 'Keep the account',
    },
  ],
  commandProviders: [
    {
      id: 'data-rights',
      group: 'Account',
      provide: async (ctx, s) => (await import('./data-rights-commands')).dataRightsCommands(ctx, s),
    },
  ],
  contributions: [
    contribute(progressSources, {
      id: 'data-rights',
      fetch: async (ids, { container }) => (await import('./export-progress')).accountExportProgress(container, ids),
    }),
    contribute(accountSettingsSections, {
      id: 'data-rights.export',
      title: 'Export account data',
      order: 40,
      load: () => import('./export-section'),
    }),
    contribute(accountSettingsSections, {
      id: 'data-rights.delete',
      title: 'Delete account',
      order: 90,
      load: () => import('./delete-account-section'),
    }),
    contribute(profileSections, {
      id: 'data-rights',
      title: 'Delete your user',
      order: 90,
      load: () => import('./delete-user-section'),
    }),
  ],
});
