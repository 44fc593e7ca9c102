import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the notification list: one unread entry of the owner, about the hidden workspace. */
export default defineIsolationFixtures({
  async seed({ db, workspaceId, ownerUserId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notifications (user_id, workspace_id, title, link) VALUES ($1, $2, $3, '/') RETURNING id::text AS id`,
      [ownerUserId, workspaceId, `${tag} notification`],
    );
    return { notificationId: rows[0].id };
  },
  // `:id` of POST /api/v1/notifications/:id/read, by the path's last segment that is not a parameter.
  bulkIds: { read: 'notificationId' },
});
