import type { FastifyInstance } from 'fastify';
import { httpError, idParams, resourceSchema } from '../../../server/plugin-api';
import { NOTIFICATIONS_MESSAGES, NOTIFICATIONS_PATHS } from '../common/notifications-contract';
import { NotificationRepository, type NotificationRow } from './notification-repository';

const notificationSchema = resourceSchema('notification', {
  workspaceId: { type: 'string' },
  title: { type: 'string' },
  link: { type: 'string' },
  readAt: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
});

/** A POST that takes nothing: an empty object or no body. */
const noBody = { type: ['object', 'null'], additionalProperties: false, properties: {} } as const;

const resource = ({ id, ...attributes }: NotificationRow) => ({ id, type: 'notification', attributes });

/** A person's own list: user-level routes (tenant 'none'); another person's entry looks missing. */
const own = { access: 'member', tenant: 'none' } as const;

export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationRepository): void {
  app.get(
    NOTIFICATIONS_PATHS.list,
    {
      config: own,
      schema: {
        summary: 'My notifications, newest first (100), and how many are unread',
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: notificationSchema },
              meta: { type: 'object', properties: { unreadCount: { type: 'integer' } } },
            },
          },
        },
      },
    },
    async (request) => {
      const { rows, unreadCount } = await notifications.list(request.currentUser!.id);
      return { data: rows.map(resource), meta: { unreadCount } };
    },
  );

  app.post<{ Params: { id: string } }>(
    NOTIFICATIONS_PATHS.read(':id'),
    {
      config: own,
      schema: {
        summary: 'Marks one of my notifications read',
        params: idParams,
        body: noBody,
        response: { 200: { type: 'object', properties: { data: notificationSchema } } },
      },
    },
    async (request) => {
      const row = await notifications.markRead(request.currentUser!.id, request.params.id);
      if (!row) throw httpError(404, 'not_found', NOTIFICATIONS_MESSAGES.notFound);
      return { data: resource(row) };
    },
  );

  app.post(
    NOTIFICATIONS_PATHS.readAll,
    {
      config: own,
      schema: {
        summary: 'Marks all my notifications read',
        body: noBody,
        response: {
          200: {
            type: 'object',
            properties: { meta: { type: 'object', properties: { marked: { type: 'integer' } } } },
          },
        },
      },
    },
    async (request) => ({ meta: { marked: await notifications.markAllRead(request.currentUser!.id) } }),
  );
}
