import { contribute, definePlugin, PLUGIN_API_VERSION, progressSources } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';
import { profileSections } from '../../auth/web/extension-points';

// One lazy module behind every entry point: one dynamic import costs the initial JavaScript once.
const parts = () => import('./lazy-parts');

/**
 * Take everything out, and erase: the account settings' export and deletion section, the
 * profile's "Delete your user", the mailed undo link's page, the progress panel's source of
 * exports and palette commands (from a provider: the initial JavaScript's budget has no room).
 */
export default definePlugin({
  id: 'data-rights',
  title: 'Data export and deletion',
  apiVersion: PLUGIN_API_VERSION,
  routes: [
    {
      path: '/account_deletion/undo',
      load: async () => ({ default: (await parts()).UndoDeletionPage }),
      access: 'public',
      layout: 'bare',
    },
  ],
  commandProviders: [
    { id: 'data-rights', group: 'Account', provide: async (ctx, s) => (await parts()).dataRightsCommands(ctx, s) },
  ],
  contributions: [
    contribute(progressSources, {
      id: 'data-rights',
      fetch: async (ids, { container }) => (await parts()).accountExportProgress(container, ids),
    }),
    contribute(accountSettingsSections, {
      id: 'data-rights',
      title: 'Export and deletion',
      order: 40,
      load: async () => ({ default: (await parts()).DataRightsAccountSection }),
    }),
    contribute(profileSections, {
      id: 'data-rights',
      title: 'Delete your user',
      order: 90,
      load: async () => ({ default: (await parts()).DeleteUserSection }),
    }),
  ],
});
