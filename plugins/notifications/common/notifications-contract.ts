/**
 * The notification list (issue #25): each person's unread and read news from any plugin (a
 * comment's mention, an assignment), added through NOTIFICATION_INBOX
 * (plugins/accounts/common/notification-inbox.ts).
 */
export const NOTIFICATIONS_PAGE = '/notifications';

export const NOTIFICATIONS_PATHS = {
  list: '/api/v1/notifications',
  read: (id: string) => `/api/v1/notifications/${id}/read`,
  readAll: '/api/v1/notifications/read_all',
} as const;

export interface NotificationAttributes {
  workspaceId: string;
  title: string;
  link: string;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationResource {
  id: string;
  type: 'notification';
  attributes: NotificationAttributes;
}

/** GET /api/v1/notifications -> the newest 100, and how many are unread in all. */
export interface NotificationsResponse {
  data: NotificationResource[];
  meta: { unreadCount: number };
}

export const NOTIFICATIONS_MESSAGES = {
  notFound: 'Notification not found.',
} as const;
