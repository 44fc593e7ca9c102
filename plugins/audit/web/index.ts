import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';

/**
 * The audit log: an account admin's page of who did what (lazy chunk), its way in from the
 * account settings, and palette commands (open, export) from a provider: the initial
 * JavaScript's budget has no room for their words. The server plugin records the entries.
 */
export default definePlugin({
  id: 'audit',
  title: 'Audit log',
  apiVersion: PLUGIN_API_VERSION,
  order: 54,
  routes: [{ path: '/account/audit_log', load: () => import('./audit-log-page'), title: 'Audit log' }],
  commandProviders: [
    {
      id: 'audit',
      group: 'Account',
      provide: async (ctx, s) => (await import('./audit-commands')).auditCommands(ctx, s),
    },
  ],
  contributions: [
    contribute(accountSettingsSections, {
      id: 'audit',
      title: 'Audit log',
      order: 30,
      load: () => import('./account-section'),
    }),
  ],
});
