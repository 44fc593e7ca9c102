import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';

const lazy = () => import('./webhooks-lazy');

/**
 * Webhooks: the workspace's page (lazy chunk), its way in from the account settings, and the
 * palette's "Webhooks" and "New webhook…" from a provider, so their words and code stay out of
 * the initial JavaScript (its budget is over). The server plugin sends the deliveries.
 */
export default definePlugin({
  id: 'webhooks',
  title: 'Webhooks',
  apiVersion: PLUGIN_API_VERSION,
  order: 55,
  routes: [
    { path: '/workspace/webhooks', load: async () => ({ default: (await lazy()).WebhooksPage }), title: 'Webhooks' },
  ],
  commandProviders: [
    { id: 'webhooks', group: 'Workspace', provide: async (ctx, s) => (await lazy()).webhooksCommands(ctx, s) },
  ],
  contributions: [
    contribute(accountSettingsSections, {
      id: 'webhooks',
      title: 'Webhooks',
      order: 35,
      load: async () => ({ default: (await lazy()).WebhooksAccountSection }),
    }),
  ],
});
