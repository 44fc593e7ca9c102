import * as Y from 'yjs';
import { defineIsolationFixtures } from '../../../server/plugin-api';
import { writeRows, type LiveRow } from '../../subtitles/common/live-cues';

/**
 * The isolation sweep's rows of comments: a thread with one comment on the seeded subtitle's
 * first cue (`cueId`, which the new thread of the owner names too). The subtitle gets its live document here, made from its rows with known cue ids
 * (`sweep-cue-1`, …), so the owner's new thread names a cue that exists.
 */
export default defineIsolationFixtures({
  after: ['subtitles'],
  async seed({ db, workspaceId, ownerUserId, tag, ids }) {
    const subtitleId = ids.subtitleId;
    const { rows } = await db.query<LiveRow & { review: LiveRow['review'] }>(
      `SELECT start_ms AS start, end_ms AS "end", text, speaker, review FROM subtitle_cues WHERE subtitle_id = $1 ORDER BY position`,
      [subtitleId],
    );
    const doc = new Y.Doc();
    let n = 0;
    writeRows(
      doc,
      rows.map((row) => ({ ...row, speaker: row.speaker ?? undefined })),
      () => `sweep-cue-${++n}`,
      'sweep',
    );
    await db.query('INSERT INTO subtitle_live_updates (subtitle_id, update) VALUES ($1, $2)', [
      subtitleId,
      Y.encodeStateAsUpdate(doc),
    ]);
    await db.query(
      `INSERT INTO subtitle_live_docs (subtitle_id, synced_revision) SELECT id, revision FROM subtitles WHERE id = $1
       ON CONFLICT (subtitle_id) DO NOTHING`,
      [subtitleId],
    );
    const thread = await db.query<{ id: string }>(
      `INSERT INTO comment_threads (workspace_id, subtitle_id, cue_id, created_by) VALUES ($1, $2, 'sweep-cue-1', $3) RETURNING id::text AS id`,
      [workspaceId, subtitleId, ownerUserId],
    );
    const comment = await db.query<{ id: string }>(
      `INSERT INTO comments (thread_id, workspace_id, author_id, body) VALUES ($1, $2, $3, $4) RETURNING id::text AS id`,
      [thread.rows[0].id, workspaceId, ownerUserId, `${tag} comment`],
    );
    return { commentThreadId: thread.rows[0].id, commentId: comment.rows[0].id, cueId: 'sweep-cue-1' };
  },
  // `:id` of each route, by the path's last segment that is not a parameter.
  bulkIds: {
    replies: 'commentThreadId',
    resolve: 'commentThreadId',
    reopen: 'commentThreadId',
    comments: 'commentId',
  },
  exampleBodies: {
    'POST /api/v1/subtitles/:subtitleId/comment_threads': { text: 'A comment of the sweep' },
    'POST /api/v1/comment_threads/:id/replies': { text: 'A reply of the sweep' },
    'PATCH /api/v1/comments/:id': { text: 'Changed by the sweep' },
  },
});
