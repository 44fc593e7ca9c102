import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the vocabularies plugin: a list of the hidden workspace (the pipeline's set-up may name it). */
export default defineIsolationFixtures({
  async seed({ db, workspaceId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO vocabulary_lists (workspace_id, name, utterances) VALUES ($1, $2, $3) RETURNING id::text AS id`,
      [workspaceId, `${tag} vocabulary`, [`${tag}word`]],
    );
    return { vocabularyListId: rows[0].id };
  },
  // The `:id` of /api/v1/vocabularies/:id is a vocabulary list.
  bulkIds: { vocabularies: 'vocabularyListId' },
});
