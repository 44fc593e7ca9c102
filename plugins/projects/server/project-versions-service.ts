import type { ProjectVersionsService } from '../common/project-versions-service';

/** SQL of the projects plugin's own tables, for other plugins through PROJECT_VERSIONS. */
export const projectVersionsService: ProjectVersionsService = {
  async mediaInWorkspace(db, workspaceId, ids) {
    const { rows } = await db.query(
      `SELECT v.id::text AS id, v.project_id::text AS "projectId", v.title, v.duration_ms AS "durationMs",
              e.id::text AS "elementId", e.state AS "elementState", e.storage_key AS "storageKey",
              COALESCE(e.size_bytes, 0)::float8 AS "sizeBytes", COALESCE(e.duration_ms, 0) AS "elementDurationMs"
       FROM project_versions v LEFT JOIN elements e ON e.id = v.element_id
       WHERE v.workspace_id = $1 AND v.id = ANY($2::bigint[]) AND v.deleted_at IS NULL ORDER BY v.id`,
      [workspaceId, ids],
    );
    return rows;
  },
  async summary(db, versionId) {
    const { rows } = await db.query(
      'SELECT title, project_id::text AS "projectId", duration_ms AS "durationMs" FROM project_versions WHERE id = $1',
      [versionId],
    );
    return rows[0] ?? null;
  },
  async sourceOf(db, versionId) {
    const { rows } = await db.query(
      `SELECT e.storage_key AS "storageKey", e.state FROM project_versions v JOIN elements e ON e.id = v.element_id WHERE v.id = $1`,
      [versionId],
    );
    return rows[0] ?? null;
  },
  async setProcessing(db, versionId, step, state) {
    // A finished version counts as changed (the list's updates poll picks it up); steps in between do not.
    const touched = state === 'done' ? ', updated_at = now()' : '';
    await db.query(`UPDATE project_versions SET processing_step = $2, processing_state = $3${touched} WHERE id = $1`, [
      versionId,
      step,
      state,
    ]);
  },
};
