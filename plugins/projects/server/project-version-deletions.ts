import { PROJECT_VERSIONS_DELETED, PROJECT_VERSIONS_RESTORED } from '../common/project-events';
import type { Database, EventPublisher, Queryable } from '../../../server/plugin-api';

/**
 * Deleting project versions in bulk, undoing it, and purging them for good once the time to undo
 * is over: one statement each, however many versions (a call with 10,000 is tested).
 */
export class ProjectVersionDeletions {
  constructor(
    private readonly db: Database,
    /** Where deletions and restorations publish their domain events (absent in the purge job). */
    private readonly events: EventPublisher | null = null,
  ) {}

  /**
   * Deletes the workspace's live versions among `ids` for the user, at once, in one statement: a
   * soft delete (deleted_at), the count lowered in the same statement; the elements of projects
   * left without a live version are hidden too. The rows, their links in other plugins' tables
   * and the files go later in projects.purgeDeleted (a hard DELETE here paid a per-row FK
   * trigger for every table referencing project_versions: ~1 s for 10,000 versions).
   */
  async deleteVersions(
    workspaceId: string,
    ids: string[],
  ): Promise<{ projectVersionIds: string[]; numberOfProjects: number }> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ ids: string[] | null; n: number | null }>(
        `WITH deleted AS (
           UPDATE project_versions SET deleted_at = now()
           WHERE workspace_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL RETURNING id, project_id
         ), hidden_elements AS (  -- runs although unreferenced: data-modifying CTEs always do
           UPDATE elements e SET deleted_at = now()
           WHERE e.workspace_id = $1 AND e.deleted_at IS NULL AND e.project_id IN (SELECT project_id FROM deleted)
             AND NOT EXISTS (SELECT 1 FROM project_versions o WHERE o.project_id = e.project_id AND o.deleted_at IS NULL
                             AND o.id NOT IN (SELECT id FROM deleted))
           RETURNING e.id
         ), counted AS (
           UPDATE workspaces SET number_of_projects = greatest(0, number_of_projects - (SELECT count(*) FROM deleted)::int)
           WHERE id = $1 RETURNING number_of_projects
         )
         SELECT (SELECT array_agg(id::text ORDER BY id) FROM deleted) AS ids,
                (SELECT number_of_projects FROM counted) AS n`,
        [workspaceId, ids],
      );
      return this.published(tx, PROJECT_VERSIONS_DELETED, workspaceId, rows[0]);
    });
  }

  /**
   * Brings back the workspace's versions among `ids` that were deleted and not purged yet, with
   * the elements their deletion hid (same timestamp), and raises the count in the same statement.
   * Label counts follow through the labels plugin's triggers.
   */
  async restoreVersions(
    workspaceId: string,
    ids: string[],
  ): Promise<{ projectVersionIds: string[]; numberOfProjects: number }> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ ids: string[] | null; n: number | null }>(
        `WITH doomed AS (
           SELECT id, project_id, deleted_at FROM project_versions
           WHERE workspace_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NOT NULL FOR UPDATE
         ), restored AS (
           UPDATE project_versions v SET deleted_at = NULL FROM doomed d WHERE v.id = d.id RETURNING v.id
         ), shown_elements AS (
           UPDATE elements e SET deleted_at = NULL FROM doomed d
           WHERE e.workspace_id = $1 AND e.project_id = d.project_id AND e.deleted_at = d.deleted_at
           RETURNING e.id
         ), counted AS (
           UPDATE workspaces SET number_of_projects = number_of_projects + (SELECT count(*) FROM restored)::int
           WHERE id = $1 RETURNING number_of_projects
         )
         SELECT (SELECT array_agg(id::text ORDER BY id) FROM restored) AS ids,
                (SELECT number_of_projects FROM counted) AS n`,
        [workspaceId, ids],
      );
      return this.published(tx, PROJECT_VERSIONS_RESTORED, workspaceId, rows[0]);
    });
  }

  /** The versions a deletion or restoration moved, told as `event` when there are any; the count after it. */
  private async published(
    tx: Queryable,
    event: typeof PROJECT_VERSIONS_DELETED | typeof PROJECT_VERSIONS_RESTORED,
    workspaceId: string,
    moved: { ids: string[] | null; n: number | null },
  ): Promise<{ projectVersionIds: string[]; numberOfProjects: number }> {
    const projectVersionIds = moved.ids ?? [];
    if (projectVersionIds.length) await this.events?.publish(tx, event, { projectVersionIds }, { workspaceId });
    return { projectVersionIds, numberOfProjects: moved.n ?? 0 };
  }

  /**
   * Hard-deletes up to `batch` soft-deleted versions (any workspace) deleted more than
   * `keepSeconds` ago (the time to undo), then the projects left with
   * no version at all and their elements; returns how many versions went and the files to remove.
   * Other plugins' rows go with them through their ON DELETE CASCADE foreign keys.
   */
  async purgeDeleted(batch: number, keepSeconds = 0): Promise<{ purged: number; keys: string[] }> {
    const { rows } = await this.db.query<{ purged: number; keys: string[] | null }>(
      `WITH doomed AS (
         SELECT id FROM project_versions WHERE deleted_at IS NOT NULL AND deleted_at <= now() - make_interval(secs => $2)
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       ), gone AS (
         DELETE FROM project_versions v USING doomed d WHERE v.id = d.id RETURNING v.project_id
       ), emptied AS (
         SELECT p.id FROM projects p WHERE p.id IN (SELECT project_id FROM gone)
           AND NOT EXISTS (SELECT 1 FROM project_versions o WHERE o.project_id = p.id AND o.id NOT IN (SELECT id FROM doomed))
       ), gone_elements AS (
         DELETE FROM elements e WHERE e.project_id IN (SELECT id FROM emptied) RETURNING e.storage_key, e.thumbnail_key
       ), gone_projects AS (
         DELETE FROM projects p WHERE p.id IN (SELECT id FROM emptied) RETURNING p.id
       )
       SELECT (SELECT count(*)::int FROM gone) AS purged,
              (SELECT count(*) FROM gone_projects) AS projects,
              (SELECT array_agg(k) FROM gone_elements, LATERAL unnest(ARRAY[storage_key, thumbnail_key]) k WHERE k IS NOT NULL) AS keys`,
      [batch, keepSeconds],
    );
    return { purged: rows[0].purged, keys: rows[0].keys ?? [] };
  }
}
