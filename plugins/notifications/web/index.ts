import { definePlugin, PLUGIN_API_VERSION } from '../../../core';

/** Spelled here, not imported from the contract: this definition is in the initial JavaScript, whose budget is full. */
const PAGE = '/notifications';

/** The notification list: its page (lazy chunk) and the palette's "Notifications". */
export default definePlugin({
  id: 'notifications',
  title: 'Notifications',
  apiVersion: PLUGIN_API_VERSION,
  routes: [{ path: PAGE, load: () => import('./notifications-page'), title: 'Notifications' }],
  commands: [
    {
      id: 'notifications.open',
      title: 'Notifications',
      group: 'Workspace',
      keywords: ['mentions'],
      when: (ctx) => ctx.isMember,
      run: (ctx) => ctx.navigate(PAGE),
    },
  ],
});
