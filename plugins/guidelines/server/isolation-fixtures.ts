import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the guidelines plugin: a guideline of the hidden workspace (the pipeline's set-up may name it). */
export default defineIsolationFixtures({
  async seed({ db, workspaceId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO guidelines (workspace_id, name, prompt) VALUES ($1, $2, $3) RETURNING id::text AS id`,
      [workspaceId, `${tag} guideline`, `${tag} prompt`],
    );
    return { guidelineId: rows[0].id };
  },
  // The `:id` of /api/v1/guidelines/:id (and its default routes) is a guideline.
  bulkIds: { guidelines: 'guidelineId', update_default: 'guidelineId', destroy_default: 'guidelineId' },
});
