import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { NOTIFICATION_INBOX } from '../../accounts/common/notification-inbox';
import { NOTIFICATIONS_ACCOUNT_DATA } from './account-data';
import { NotificationRepository } from './notification-repository';
import { registerNotificationRoutes } from './notification-routes';
import { notificationsMigrations } from './notifications-migrations';

/**
 * The notification list (issue #25): each person's news from other plugins, added through
 * NOTIFICATION_INBOX (`add(tx, userId, { workspaceId, title, link })`, docs/plugins.md), read and
 * marked read at /api/v1/notifications. Optional: without it, plugins that tell people things
 * (comments' mentions) still mail them.
 */
export default defineServerPlugin({
  id: 'notifications',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: notificationsMigrations,
  accountData: NOTIFICATIONS_ACCOUNT_DATA,
  provides: [NOTIFICATION_INBOX],
  async routes(app) {
    const notifications = new NotificationRepository(app.db);
    app.services.provide(NOTIFICATION_INBOX, notifications);
    registerNotificationRoutes(app, notifications);
  },
});
