import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The isolation sweep's rows of the assignments plugin: the owner translates the seeded subtitle
 * of the hidden workspace. Requests naming an assignee carry the owner (a member of that
 * workspace), so the owner's own assign call succeeds.
 */
export default defineIsolationFixtures({
  after: ['subtitles'],
  async seed({ db, workspaceId, ownerUserId, ids }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO assignments (workspace_id, subtitle_id, role, user_id, assigned_by, due_on)
       VALUES ($1, $2, 'translator', $3, $3, '2030-01-31') RETURNING id::text AS id`,
      [workspaceId, ids.subtitleId, ownerUserId],
    );
    return { assignmentId: rows[0].id, assigneeUserId: ownerUserId };
  },
  idFields: { userId: 'assigneeUserId' },
});
