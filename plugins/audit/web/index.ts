import { contribute, definePlugin, PLUGIN_API_VERSION, type Command, type WhenContext } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';

/** Spelled here (the contract's AUDIT_LOG_PAGE) so the contract stays out of the initial JavaScript. */
const LOG_PAGE = '/account/audit_log';
const isAdmin = (ctx: WhenContext) => ctx.isMember && ctx.isAccountAdmin && ctx.accountId !== null;

/** Downloads the whole log of the current account (the page's buttons export what its filters show). */
const exportCommand = (format: 'csv' | 'json'): Command => ({
  id: `audit.export${format === 'csv' ? 'Csv' : 'Json'}`,
  title: `Export audit log as ${format.toUpperCase()}`,
  group: 'Account',
  keywords: ['audit', 'security', 'log', 'download', format],
  when: isAdmin,
  run: async (ctx) => {
    const { exportUrl } = await import('./audit-log-model');
    // The server answers with an attachment: the browser saves it and stays on the page.
    window.location.assign(exportUrl(ctx.when.accountId!, format));
  },
});

/**
 * The audit log: an account admin's page of who did what (lazy chunk), and palette commands to
 * open and export it. The server plugin records the entries (plugins/audit/server).
 */
export default definePlugin({
  id: 'audit',
  title: 'Audit log',
  apiVersion: PLUGIN_API_VERSION,
  order: 54,
  routes: [{ path: LOG_PAGE, load: () => import('./audit-log-page'), title: 'Audit log' }],
  commands: [
    {
      id: 'audit.open',
      title: 'Open audit log',
      group: 'Account',
      keywords: ['audit', 'security', 'log', 'who did what', 'history'],
      when: isAdmin,
      run: (ctx) => ctx.navigate(LOG_PAGE),
    },
    exportCommand('csv'),
    exportCommand('json'),
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
