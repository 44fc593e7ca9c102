import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The isolation sweep's rows of the exports plugin: a finished subtitle export of the seeded
 * version, its file in storage holding the tag (a download by an outsider would leak it).
 */
export default defineIsolationFixtures({
  after: ['projects', 'subtitles'],
  async seed({ db, storage, workspaceId, ownerUserId, tag, ids }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO exportations (workspace_id, project_version_id, user_id, kind, options, title, state, progress)
       VALUES ($1, $2, $3, 'subtitles', $4, $5, 'done', 1) RETURNING id::text AS id`,
      [
        workspaceId,
        ids.projectVersionId,
        ownerUserId,
        JSON.stringify({ subtitleId: ids.subtitleId, format: 'srt' }),
        `${tag} export`,
      ],
    );
    const key = `exports/${workspaceId}/${rows[0].id}/export.srt`;
    await storage?.put(key, Buffer.from(`1\n00:00:00,000 --> 00:00:01,000\n${tag} cue\n`), 'application/x-subrip');
    await db.query(
      `UPDATE exportations SET file_key = $2, file_name = 'sweep.srt', content_type = 'application/x-subrip', size_bytes = 40 WHERE id = $1`,
      [rows[0].id, key],
    );
    return { exportationId: rows[0].id };
  },
  // A theme belongs to the themes plugin, which may be absent.
  optionalIds: ['themeId'],
});
