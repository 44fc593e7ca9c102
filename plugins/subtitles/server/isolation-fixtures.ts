import { randomBytes } from 'node:crypto';
import { defineIsolationFixtures, type Queryable } from '../../../server/plugin-api';

const id = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

/** The isolation sweep's rows of the subtitles plugin: a subtitle of the seeded version with two cues and a share link. */
export default defineIsolationFixtures({
  after: ['projects'],
  async seed({ db, workspaceId, ownerUserId, tag, ids }) {
    const subtitleId = await id(
      db,
      `INSERT INTO subtitles (project_version_id, workspace_id, language, kind, cues_count) VALUES ($1, $2, 'en', 'transcript', 2)`,
      [ids.projectVersionId, workspaceId],
    );
    await db.query(
      `INSERT INTO subtitle_cues (subtitle_id, position, start_ms, end_ms, text) VALUES ($1, 0, 0, 1000, $2), ($1, 1, 1000, 2000, $2)`,
      [subtitleId, `${tag} cue`],
    );
    const externalTokenId = await id(
      db,
      'INSERT INTO external_tokens (subtitle_id, workspace_id, token_hash, created_by) VALUES ($1, $2, $3, $4)',
      [subtitleId, workspaceId, randomBytes(32).toString('hex'), ownerUserId],
    );
    return { subtitleId, externalTokenId };
  },
  // A language code (create subtitle); 'en' is the seeded one, so the owner's call is idempotent.
  textValues: { language: 'en' },
  // The editor's save names the revision it started from: the seeded subtitle is at 0.
  exampleBodies: {
    'PUT /api/v1/project_versions/:projectVersionId/subtitles/:subtitleId/cues': {
      revision: 0,
      cues: [{ start: 0, end: 1000, text: 'Saved by the sweep' }],
    },
  },
  multipartRoutes: {
    'POST /api/v1/project_versions/:projectVersionId/subtitles/:subtitleId/import_srt': {
      field: 'srt_content',
      kind: 'subtitle',
    },
  },
});
