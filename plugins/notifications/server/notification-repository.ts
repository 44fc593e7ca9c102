import type { Queryable } from '../../../server/plugin-api';
import type { InboxSqlRunner, NotificationInbox, NotificationInput } from '../../accounts/common/notification-inbox';
import type { NotificationAttributes } from '../common/notifications-contract';

export type NotificationRow = NotificationAttributes & { id: string };

/**
 * Only entries of workspaces the person may still open: someone whose access was taken away no
 * longer reads what went on there (the rows stay until the workspace or the person goes).
 */
const STILL_MEMBER = `EXISTS (SELECT 1 FROM workspace_users wu JOIN account_users au ON au.id = wu.account_user_id
  WHERE wu.workspace_id = n.workspace_id AND au.user_id = n.user_id)`;

const COLUMNS = `n.id::text AS id, n.workspace_id::text AS "workspaceId", n.title, n.link,
  n.read_at AS "readAt", n.created_at AS "createdAt"`;

export class NotificationRepository implements NotificationInbox {
  constructor(private readonly db: Queryable) {}

  async add(db: InboxSqlRunner, userId: string, notification: NotificationInput): Promise<void> {
    await db.query('INSERT INTO notifications (user_id, workspace_id, title, link) VALUES ($1, $2, $3, $4)', [
      userId,
      notification.workspaceId,
      notification.title.slice(0, 300),
      notification.link,
    ]);
  }

  async list(userId: string, limit = 100): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
    const { rows } = await this.db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications n WHERE n.user_id = $1 AND ${STILL_MEMBER} ORDER BY n.id DESC LIMIT $2`,
      [userId, limit],
    );
    const unread = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications n WHERE n.user_id = $1 AND n.read_at IS NULL AND ${STILL_MEMBER}`,
      [userId],
    );
    return { rows: rows.map(dated), unreadCount: unread.rows[0].count };
  }

  /** Null when the entry is not this person's (another's looks missing). */
  async markRead(userId: string, id: string): Promise<NotificationRow | null> {
    const { rows } = await this.db.query<NotificationRow>(
      `UPDATE notifications n SET read_at = coalesce(n.read_at, now())
        WHERE n.id = $1 AND n.user_id = $2 AND ${STILL_MEMBER} RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0] ? dated(rows[0]) : null;
  }

  async markAllRead(userId: string): Promise<number> {
    const { rowCount } = await this.db.query(
      'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    return rowCount ?? 0;
  }
}

function dated(row: NotificationRow): NotificationRow {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));
  return { ...row, readAt: iso(row.readAt), createdAt: iso(row.createdAt) ?? '' };
}
