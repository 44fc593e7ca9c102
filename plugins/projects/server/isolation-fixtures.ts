import { defineIsolationFixtures, type Queryable } from '../../../server/plugin-api';

const id = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

/**
 * The isolation sweep's rows of the projects plugin, in the owner's hidden workspace: a project
 * with a version on a ready element with a stored file, a ready upload in no project yet
 * (create_with_project), and a media retention of a year.
 */
export default defineIsolationFixtures({
  async seed({ db, storage, workspaceId, tag }) {
    const projectId = await id(db, 'INSERT INTO projects (workspace_id, title) VALUES ($1, $2)', [
      workspaceId,
      `${tag} project`,
    ]);
    const usedElementId = await id(
      db,
      `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, $3, 'ready', 1000, 2000)`,
      [workspaceId, projectId, `${tag} element`],
    );
    const projectVersionId = await id(
      db,
      'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, 2000)',
      [projectId, workspaceId, usedElementId, `${tag} version`],
    );
    const elementId = await id(
      db,
      `INSERT INTO elements (workspace_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, 'ready', 1000, 2000)`,
      [workspaceId, `${tag} upload`],
    );
    await db.query('UPDATE workspaces SET number_of_projects = 1 WHERE id = $1', [workspaceId]);
    // The workspace's media retention, so exports and erasures meet a row of its table.
    await db.query(
      'INSERT INTO workspace_media_retention (workspace_id, days) VALUES ($1, 365) ON CONFLICT DO NOTHING',
      [workspaceId],
    );
    if (storage) {
      // A stored file, so work on the version (a set-up) is accepted; it is not really media.
      const mediaKey = `elements/${workspaceId}/sweep/video.mp4`;
      await storage.put(mediaKey, Buffer.from('not really a video'), 'video/mp4');
      await db.query('UPDATE elements SET storage_key = $2 WHERE id = $1', [usedElementId, mediaKey]);
    }
    // tus upload ids are random text; the owner's uploads are checked by user, so any will do.
    return { projectVersionId, elementId, uploadId: 'sweepupload' };
  },
  bulkIds: { elements: 'elementId' },
  rawBodyRoutes: ['POST /api/v1/uploads/', 'PATCH /api/v1/uploads/:uploadId'],
});
