import type { Queryable } from '../../../server/plugin-api';
import type { CommentData, CommentPerson, ThreadAttributes } from '../common/comments-contract';

export interface ThreadRow {
  id: string;
  workspaceId: string;
  subtitleId: string;
  cueId: string;
}

export interface CommentRow {
  id: string;
  threadId: string;
  workspaceId: string;
  authorId: string | null;
}

export type StoredThread = Omit<ThreadAttributes, 'cueNumber'> & { id: string };

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));
const NAME = `coalesce(nullif(trim(concat_ws(' ', u.name, u.last_name)), ''), u.email)`;

/** SQL over comments' own tables; the reads of users and workspace members the routes need. */
export class CommentRepository {
  constructor(private readonly db: Queryable) {}

  async threadOwner(id: string): Promise<{ workspaceId: string } | null> {
    const { rows } = await this.db.query<{ workspaceId: string }>(
      'SELECT workspace_id::text AS "workspaceId" FROM comment_threads WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  async commentOwner(id: string): Promise<{ workspaceId: string } | null> {
    const { rows } = await this.db.query<{ workspaceId: string }>(
      'SELECT workspace_id::text AS "workspaceId" FROM comments WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  async thread(db: Queryable, id: string): Promise<ThreadRow | null> {
    const { rows } = await db.query<ThreadRow>(
      `SELECT id::text AS id, workspace_id::text AS "workspaceId", subtitle_id::text AS "subtitleId", cue_id AS "cueId"
         FROM comment_threads WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async comment(db: Queryable, id: string): Promise<CommentRow | null> {
    const { rows } = await db.query<CommentRow>(
      `SELECT id::text AS id, thread_id::text AS "threadId", workspace_id::text AS "workspaceId", author_id::text AS "authorId"
         FROM comments WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Every thread of the subtitle with its comments, oldest first. */
  async threads(subtitleId: string, only?: string): Promise<StoredThread[]> {
    const { rows: threads } = await this.db.query<Record<string, unknown>>(
      `SELECT t.id::text AS id, t.subtitle_id::text AS "subtitleId", t.cue_id AS "cueId", t.resolved_at AS "resolvedAt",
              t.created_at AS "createdAt", ${NAME.replace(/u\./g, 'r.')} AS "resolvedByName"
         FROM comment_threads t LEFT JOIN users r ON r.id = t.resolved_by
        WHERE t.subtitle_id = $1 AND ($2::bigint IS NULL OR t.id = $2::bigint) ORDER BY t.id`,
      [subtitleId, only ?? null],
    );
    if (threads.length === 0) return [];
    const { rows: comments } = await this.db.query<Record<string, unknown>>(
      `SELECT c.id::text AS id, c.thread_id::text AS "threadId", c.author_id::text AS "authorId",
              coalesce(${NAME}, 'Someone') AS "authorName", c.body AS text,
              array(SELECT m::text FROM unnest(c.mentions) m) AS mentions, c.created_at AS "createdAt", c.edited_at AS "editedAt"
         FROM comments c LEFT JOIN users u ON u.id = c.author_id
        WHERE c.thread_id = ANY($1::bigint[]) ORDER BY c.id`,
      [threads.map((t) => t.id)],
    );
    const byThread = new Map<string, CommentData[]>();
    for (const c of comments) {
      const list = byThread.get(c.threadId as string) ?? [];
      list.push({
        id: c.id as string,
        authorId: (c.authorId as string | null) ?? '',
        authorName: c.authorName as string,
        text: c.text as string,
        mentions: c.mentions as string[],
        createdAt: iso(c.createdAt) ?? '',
        editedAt: iso(c.editedAt),
      });
      byThread.set(c.threadId as string, list);
    }
    return threads.map((t) => ({
      id: t.id as string,
      subtitleId: t.subtitleId as string,
      cueId: t.cueId as string,
      resolved: t.resolvedAt !== null,
      resolvedAt: iso(t.resolvedAt),
      resolvedByName: t.resolvedAt ? (t.resolvedByName as string | null) : null,
      createdAt: iso(t.createdAt) ?? '',
      comments: byThread.get(t.id as string) ?? [],
    }));
  }

  async createThread(tx: Queryable, input: { workspaceId: string; subtitleId: string; cueId: string; userId: string }) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO comment_threads (workspace_id, subtitle_id, cue_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id::text AS id`,
      [input.workspaceId, input.subtitleId, input.cueId, input.userId],
    );
    return rows[0].id;
  }

  async addComment(
    tx: Queryable,
    input: { threadId: string; workspaceId: string; userId: string; text: string; mentions: string[] },
  ): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO comments (thread_id, workspace_id, author_id, body, mentions) VALUES ($1, $2, $3, $4, $5::bigint[])
       RETURNING id::text AS id`,
      [input.threadId, input.workspaceId, input.userId, input.text, input.mentions],
    );
    return rows[0].id;
  }

  async editComment(tx: Queryable, id: string, text: string, mentions: string[]): Promise<void> {
    await tx.query('UPDATE comments SET body = $2, mentions = $3::bigint[], edited_at = now() WHERE id = $1', [
      id,
      text,
      mentions,
    ]);
  }

  /** Deletes the comment; a thread left with none goes too. Whether the thread is gone. */
  async deleteComment(tx: Queryable, comment: CommentRow): Promise<boolean> {
    await tx.query('DELETE FROM comments WHERE id = $1', [comment.id]);
    const { rowCount } = await tx.query(
      'DELETE FROM comment_threads t WHERE t.id = $1 AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.thread_id = t.id)',
      [comment.threadId],
    );
    return rowCount > 0;
  }

  /** Whether it moved (resolving a resolved thread changes nothing and publishes nothing). */
  async setResolved(tx: Queryable, threadId: string, userId: string, resolved: boolean): Promise<boolean> {
    const { rowCount } = await tx.query(
      resolved
        ? 'UPDATE comment_threads SET resolved_at = now(), resolved_by = $2 WHERE id = $1 AND resolved_at IS NULL'
        : 'UPDATE comment_threads SET resolved_at = NULL, resolved_by = NULL WHERE id = $1 AND resolved_at IS NOT NULL AND $2::bigint IS NOT NULL',
      [threadId, userId],
    );
    return rowCount > 0;
  }

  /** The workspace's members: who may be mentioned. */
  async people(workspaceId: string): Promise<(CommentPerson & { email: string })[]> {
    const { rows } = await this.db.query<CommentPerson & { email: string }>(
      `SELECT DISTINCT u.id::text AS id, ${NAME} AS name, u.email FROM workspace_users wu
         JOIN account_users au ON au.id = wu.account_user_id JOIN users u ON u.id = au.user_id
        WHERE wu.workspace_id = $1 ORDER BY name`,
      [workspaceId],
    );
    return rows;
  }

  /** Where a subtitle lives, for links and mail: its version, project and language. */
  async subtitlePlace(
    subtitleId: string,
  ): Promise<{ projectId: string; projectVersionId: string; language: string; title: string } | null> {
    const { rows } = await this.db.query<{
      projectId: string;
      projectVersionId: string;
      language: string;
      title: string;
    }>(
      `SELECT v.project_id::text AS "projectId", v.id::text AS "projectVersionId", s.language, v.title
         FROM subtitles s JOIN project_versions v ON v.id = s.project_version_id WHERE s.id = $1`,
      [subtitleId],
    );
    return rows[0] ?? null;
  }
}
