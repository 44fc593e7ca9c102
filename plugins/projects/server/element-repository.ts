import type { Queryable, TenantOwner } from '../../../server/plugin-api';
import type { ElementState, LinkFailureKind } from '../common/projects-contract';

/** An element row as the routes and the link-import job see it. */
export interface ElementRecord {
  id: string;
  workspaceId: string;
  projectId: string | null;
  title: string;
  state: ElementState;
  sizeBytes: number;
  durationMs: number;
  storageKey: string | null;
  thumbnailKey: string | null;
  sourceUrl: string | null;
  submitUrlIdentifier: string | null;
  failure: string | null;
  failureKind: LinkFailureKind | null;
  description: string | null;
  createdAt: Date;
  projectVersionIds: string[];
}

export const ELEMENT_COLUMNS = `e.id::text AS id, e.workspace_id::text AS "workspaceId", e.project_id::text AS "projectId", e.title, e.state,
  e.size_bytes::float8 AS "sizeBytes", e.duration_ms AS "durationMs", e.storage_key AS "storageKey", e.thumbnail_key AS "thumbnailKey",
  e.source_url AS "sourceUrl", e.submit_url_identifier AS "submitUrlIdentifier", e.failure, e.failure_kind AS "failureKind", e.description, e.created_at AS "createdAt",
  ARRAY(SELECT v.id::text FROM project_versions v WHERE v.element_id = e.id AND v.deleted_at IS NULL ORDER BY v.id) AS "projectVersionIds"`;

/** Files to remove once the rows naming them are gone (after the commit, through a job). */
export interface RemovedFiles {
  keys: string[];
}

export interface ElementDeletion extends RemovedFiles {
  projectVersionIds: string[];
  numberOfProjects: number;
}

export interface NewElement {
  workspaceId: string;
  userId: string | null;
  title: string;
  state: ElementState;
  projectId?: string | null;
  sourceUrl?: string | null;
  submitUrlIdentifier?: string | null;
}

export interface ElementMedia {
  sizeBytes: number;
  durationMs: number;
  storageKey: string;
  thumbnailKey: string | null;
  title?: string;
  /** What the link's source says of it (a channel episode's show notes), plain text. */
  description?: string | null;
}

/** Moves the workspace's project count (which counts project versions) in SQL, never read-modify-write. */
export async function moveProjectCount(db: Queryable, workspaceId: string, by: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'UPDATE workspaces SET number_of_projects = greatest(0, number_of_projects + $2::int) WHERE id = $1 RETURNING number_of_projects AS n',
    [workspaceId, by],
  );
  return rows[0]?.n ?? 0;
}

/** SQL for elements; every read and write is scoped by workspace except the job's own lookups. */
export class ElementRepository {
  constructor(private readonly db: Queryable) {}

  async ownerOf(elementId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM elements e JOIN workspaces w ON w.id = e.workspace_id WHERE e.id = $1 AND e.deleted_at IS NULL`,
      [elementId],
    );
    return rows[0] ?? null;
  }

  async insert(db: Queryable, element: NewElement): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO elements (workspace_id, project_id, title, state, source_url, submit_url_identifier, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
      [
        element.workspaceId,
        element.projectId ?? null,
        element.title,
        element.state,
        element.sourceUrl ?? null,
        element.submitUrlIdentifier ?? null,
        element.userId,
      ],
    );
    return rows[0].id;
  }

  async find(workspaceId: string, elementId: string, db: Queryable = this.db): Promise<ElementRecord | null> {
    const { rows } = await db.query<ElementRecord>(
      `SELECT ${ELEMENT_COLUMNS} FROM elements e WHERE e.id = $1 AND e.workspace_id = $2 AND e.deleted_at IS NULL`,
      [elementId, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** For the job: the element wherever it lives (the job carries only its id); none once deleted. */
  async findAnywhere(elementId: string): Promise<ElementRecord | null> {
    const { rows } = await this.db.query<ElementRecord>(
      `SELECT ${ELEMENT_COLUMNS} FROM elements e WHERE e.id = $1 AND e.deleted_at IS NULL`,
      [elementId],
    );
    return rows[0] ?? null;
  }

  async list(workspaceId: string, filter: { state?: ElementState; ids?: string[] }): Promise<ElementRecord[]> {
    const params: unknown[] = [workspaceId];
    let where = 'e.workspace_id = $1 AND e.deleted_at IS NULL';
    if (filter.state) {
      params.push(filter.state);
      where += ` AND e.state = $${params.length}`;
    }
    if (filter.ids) {
      params.push(filter.ids);
      where += ` AND e.id = ANY($${params.length}::bigint[])`;
    }
    // Without ids the list is bounded: the newest 500 (the web asks by state or ids).
    const { rows } = await this.db.query<ElementRecord>(
      `SELECT ${ELEMENT_COLUMNS} FROM elements e WHERE ${where} ORDER BY e.id DESC LIMIT 500`,
      params,
    );
    return rows;
  }

  /** The files of an element that just became ready; false when it was deleted or finished meanwhile. */
  async markReady(elementId: string, media: ElementMedia): Promise<boolean> {
    return this.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE elements SET state = 'ready', size_bytes = $2, duration_ms = $3, storage_key = $4, thumbnail_key = $5,
                title = CASE WHEN $6::text IS NOT NULL AND title = source_url THEN $6 ELSE title END,
                description = $7, failure = NULL, updated_at = now()
         WHERE id = $1 AND state = 'downloading' AND deleted_at IS NULL RETURNING id`,
        [
          elementId,
          media.sizeBytes,
          media.durationMs,
          media.storageKey,
          media.thumbnailKey,
          media.title ?? null,
          media.description ?? null,
        ],
      );
      if (rows.length === 0) return false;
      // The list shows duration and thumbnail from the version row; a link's placeholder title (its URL) becomes the media title.
      await tx.query(
        `UPDATE project_versions v SET duration_ms = e.duration_ms, thumbnail_key = e.thumbnail_key,
                title = CASE WHEN v.title = e.source_url THEN e.title ELSE v.title END, processing_step = 'downloading', updated_at = now()
         FROM elements e WHERE e.id = $1 AND v.element_id = e.id`,
        [elementId],
      );
      await tx.query(
        `UPDATE projects p SET title = e.title FROM elements e WHERE e.id = $1 AND p.id = e.project_id AND p.title = e.source_url`,
        [elementId],
      );
      return true;
    });
  }

  /**
   * A link that failed (too large, refused, not media): its project and versions are deleted and
   * the count lowered (docs/product-contract.md#states-and-transitions), the element stays as `failed` with the reason so the
   * polling client can say why. Idempotent: a second call finds nothing downloading.
   */
  async markFailed(
    elementId: string,
    failure: { kind: LinkFailureKind; reason: string },
  ): Promise<ElementDeletion | null> {
    return this.transaction(async (tx) => {
      const { rows } = await tx.query<{ workspaceId: string; projectId: string | null }>(
        `SELECT workspace_id::text AS "workspaceId", project_id::text AS "projectId" FROM elements WHERE id = $1 AND state = 'downloading' AND deleted_at IS NULL FOR UPDATE`,
        [elementId],
      );
      if (rows.length === 0) return null;
      await tx.query(
        `UPDATE elements SET state = 'failed', failure = $2, failure_kind = $3, project_id = NULL, updated_at = now() WHERE id = $1`,
        [elementId, failure.reason.slice(0, 500), failure.kind],
      );
      const { workspaceId, projectId } = rows[0];
      return projectId
        ? this.deleteProjects(tx, workspaceId, [projectId])
        : { keys: [], projectVersionIds: [], numberOfProjects: 0 };
    });
  }

  /** DELETE /api/v1/elements/{id}: the element, its project with every version, the count lowered. */
  async deleteElement(workspaceId: string, elementId: string): Promise<ElementDeletion | null> {
    return this.transaction(async (tx) => {
      const { rows } = await tx.query<{
        projectId: string | null;
        storageKey: string | null;
        thumbnailKey: string | null;
      }>(
        `DELETE FROM elements WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL
         RETURNING project_id::text AS "projectId", storage_key AS "storageKey", thumbnail_key AS "thumbnailKey"`,
        [elementId, workspaceId],
      );
      if (rows.length === 0) return null;
      const own = [rows[0].storageKey, rows[0].thumbnailKey].filter((key): key is string => !!key);
      if (!rows[0].projectId)
        return { keys: own, projectVersionIds: [], numberOfProjects: await moveProjectCount(tx, workspaceId, 0) };
      const deletion = await this.deleteProjects(tx, workspaceId, [rows[0].projectId]);
      return { ...deletion, keys: [...own, ...deletion.keys] };
    });
  }

  /**
   * Projects with all their versions and elements, in one statement; returns the files to remove.
   * Versions already soft-deleted were counted out when they were deleted: only live ones move the count.
   */
  async deleteProjects(tx: Queryable, workspaceId: string, projectIds: string[]): Promise<ElementDeletion> {
    const { rows } = await tx.query<{ versionIds: string[] | null; keys: string[] | null; n: number }>(
      `WITH versions AS (
         DELETE FROM project_versions WHERE workspace_id = $1 AND project_id = ANY($2::bigint[]) RETURNING id, deleted_at
       ), gone_elements AS (
         DELETE FROM elements WHERE workspace_id = $1 AND project_id = ANY($2::bigint[]) RETURNING storage_key, thumbnail_key
       ), gone_projects AS (
         DELETE FROM projects WHERE workspace_id = $1 AND id = ANY($2::bigint[]) RETURNING id
       ), counted AS (
         UPDATE workspaces SET number_of_projects = greatest(0, number_of_projects - (SELECT count(*) FROM versions WHERE deleted_at IS NULL)::int)
         WHERE id = $1 RETURNING number_of_projects
       )
       SELECT (SELECT array_agg(id::text ORDER BY id) FROM versions WHERE deleted_at IS NULL) AS "versionIds",
              (SELECT array_agg(k) FROM gone_elements, LATERAL unnest(ARRAY[storage_key, thumbnail_key]) k WHERE k IS NOT NULL) AS keys,
              (SELECT number_of_projects FROM counted) AS n,
              (SELECT count(*) FROM gone_projects) AS projects`,
      [workspaceId, projectIds],
    );
    return { projectVersionIds: rows[0].versionIds ?? [], keys: rows[0].keys ?? [], numberOfProjects: rows[0].n ?? 0 };
  }

  private transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const db = this.db as Queryable & { transaction?: <R>(f: (tx: Queryable) => Promise<R>) => Promise<R> };
    if (!db.transaction)
      throw new Error('ElementRepository needs the Database (with transactions), not a transaction handle');
    return db.transaction(fn);
  }
}
