import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the themes plugin: a theme of the hidden workspace; the preview may name the projects plugin's version. */
export default defineIsolationFixtures({
  after: ['projects'],
  async seed({ db, workspaceId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO themes (workspace_id, name) VALUES ($1, $2) RETURNING id::text AS id`,
      [workspaceId, `${tag} theme`],
    );
    return { themeId: rows[0].id };
  },
  // The `:id` of /api/v1/themes/:id (and its duplicate and preview routes) is a theme.
  bulkIds: { themes: 'themeId', duplicate: 'themeId', preview: 'themeId' },
  optionalIds: ['projectVersionId'],
});
