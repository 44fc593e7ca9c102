import type { Database, Queryable, TenantOwner } from '../../../server/plugin-api';

export interface LabelRecord {
  id: string;
  workspaceId: string;
  caption: string;
  projectVersionCount: number;
}

/** The count is kept on the label by triggers (see labels-migrations.ts): no counting at read time. */
const LABEL_COLUMNS = `l.id::text AS id, l.workspace_id::text AS "workspaceId", l.caption, l.project_version_count AS "projectVersionCount"`;

/** The one error a caller must tell apart: the caption is taken in this workspace (unique index). */
export class CaptionTakenError extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}

/**
 * SQL for labels and their links to project versions (the version row's `label_ids`). Assigning
 * and removing take any number of ids in ONE statement, scoped to live versions of the label's
 * own workspace, so ids of another tenant (or deleted versions) in the body are not touched.
 */
export class LabelRepository {
  constructor(private readonly db: Database) {}

  async ownerOf(labelId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM labels l JOIN workspaces w ON w.id = l.workspace_id WHERE l.id = $1`,
      [labelId],
    );
    return rows[0] ?? null;
  }

  async list(workspaceId: string): Promise<LabelRecord[]> {
    const { rows } = await this.db.query<LabelRecord>(
      `SELECT ${LABEL_COLUMNS} FROM labels l WHERE l.workspace_id = $1 ORDER BY lower(l.caption), l.id`,
      [workspaceId],
    );
    return rows;
  }

  async find(workspaceId: string, labelId: string): Promise<LabelRecord | null> {
    const { rows } = await this.db.query<LabelRecord>(
      `SELECT ${LABEL_COLUMNS} FROM labels l WHERE l.id = $1 AND l.workspace_id = $2`,
      [labelId, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** A new label, optionally assigned at once to versions (spec: "Label created and assigned"), in one transaction. */
  async create(
    workspaceId: string,
    caption: string,
    projectVersionIds: string[],
  ): Promise<{ id: string; assigned: string[] }> {
    try {
      return await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO labels (workspace_id, caption) VALUES ($1, $2) RETURNING id::text AS id',
          [workspaceId, caption],
        );
        const assigned =
          projectVersionIds.length > 0 ? await this.assign(workspaceId, rows[0].id, projectVersionIds, tx) : [];
        return { id: rows[0].id, assigned };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new CaptionTakenError();
      throw error;
    }
  }

  async rename(workspaceId: string, labelId: string, caption: string): Promise<boolean> {
    try {
      const { rowCount } = await this.db.query(
        'UPDATE labels SET caption = $3, updated_at = now() WHERE id = $1 AND workspace_id = $2',
        [labelId, workspaceId, caption],
      );
      return rowCount > 0;
    } catch (error) {
      if (isUniqueViolation(error)) throw new CaptionTakenError();
      throw error;
    }
  }

  async delete(workspaceId: string, labelId: string, db: Queryable = this.db): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM labels WHERE id = $1 AND workspace_id = $2', [
      labelId,
      workspaceId,
    ]);
    return rowCount > 0;
  }

  /** Labels the workspace's versions among `ids`; returns those newly labelled. One statement. */
  async assign(workspaceId: string, labelId: string, ids: string[], db: Queryable = this.db): Promise<string[]> {
    const { rows } = await db.query<{ ids: string[] | null }>(
      `WITH added AS (
         UPDATE project_versions v SET label_ids = array_append(v.label_ids, l.id)
         FROM labels l
         WHERE l.id = $2 AND l.workspace_id = $1
           AND v.workspace_id = $1 AND v.id = ANY($3::bigint[]) AND v.deleted_at IS NULL AND NOT (v.label_ids @> ARRAY[l.id])
         RETURNING v.id
       ) SELECT array_agg(id::text ORDER BY id) AS ids FROM added`,
      [workspaceId, labelId, ids],
    );
    return rows[0].ids ?? [];
  }

  /** Removes the label from the versions among `ids`; returns those unlabelled. One statement. */
  async remove(workspaceId: string, labelId: string, ids: string[]): Promise<string[]> {
    const { rows } = await this.db.query<{ ids: string[] | null }>(
      `WITH removed AS (
         UPDATE project_versions v SET label_ids = array_remove(v.label_ids, l.id)
         FROM labels l
         WHERE l.id = $2 AND l.workspace_id = $1
           AND v.workspace_id = $1 AND v.id = ANY($3::bigint[]) AND v.deleted_at IS NULL AND v.label_ids @> ARRAY[l.id]
         RETURNING v.id
       ) SELECT array_agg(id::text ORDER BY id) AS ids FROM removed`,
      [workspaceId, labelId, ids],
    );
    return rows[0].ids ?? [];
  }
}
