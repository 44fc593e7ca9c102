import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the labels plugin: a label of the hidden workspace, on the seeded version. */
export default defineIsolationFixtures({
  after: ['projects'],
  async seed({ db, workspaceId, tag, ids }) {
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO labels (workspace_id, caption) VALUES ($1, $2) RETURNING id::text AS id',
      [workspaceId, `${tag} label`.slice(0, 60)],
    );
    await db.query('INSERT INTO project_version_labels (project_version_id, label_id) VALUES ($1, $2)', [
      ids.projectVersionId,
      rows[0].id,
    ]);
    return { labelId: rows[0].id };
  },
  // Its bulk routes name the versions to label `selectedProjectVersionIds`.
  idFields: { selectedProjectVersionId: 'projectVersionId' },
});
