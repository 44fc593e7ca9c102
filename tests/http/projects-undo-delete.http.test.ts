import { describe, expect, it } from 'vitest';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { ProjectVersionRepository } from '../../plugins/projects/server/project-version-repository';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, numberOfProjects, seedVersions, type Member } from './projects-test-kit';

/**
 * Undoing a bulk delete (POST /api/v1/project_versions/restore, not in the spec): deleted versions
 * wait UNDO_DELETE_SECONDS for the purge, and until then come back exactly as they were.
 */
const titles = async (member: Member) =>
  (await member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1`)).body.data.map(
    (v: any) => v.attributes.title,
  );
const remove = (member: Member, ids: string[]) =>
  member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
    workspaceId: member.workspaceId,
    projectVersionIds: ids,
  });
const restore = (member: Member, ids: string[], workspaceId = member.workspaceId) =>
  member.client.post(PROJECTS_PATHS.restoreProjectVersions, { workspaceId, projectVersionIds: ids });

describeOnBothDatabases('undoing a bulk delete of project versions', { config: { undoDeleteSeconds: 30 } }, (ctx) => {
  describe('within the time to undo', () => {
    it('brings back the versions asked for with their labels, elements and count; the others stay deleted', async () => {
      const member = await newMember(ctx);
      const [five, four, three, , one] = await seedVersions(ctx.db, member.workspaceId, 5, 'Clip');
      const label = (
        await member.client.post(LABELS_PATHS.labels, {
          workspaceId: member.workspaceId,
          caption: 'Keep',
          projectVersionIds: [five, four],
        })
      ).body.data;
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO elements (workspace_id, title, state, project_id) SELECT $1, 'clip.mp4', 'ready', project_id FROM project_versions WHERE id = $2 RETURNING id::text AS id`,
        [member.workspaceId, five],
      );
      await ctx.db.query('UPDATE project_versions SET element_id = $2 WHERE id = $1', [five, rows[0].id]);

      expect((await remove(member, [five, four, three])).body.meta.numberOfProjects).toBe(2);
      expect(await titles(member)).toEqual(['Clip 2', 'Clip 1']);
      const labelCount = async () =>
        (await member.client.get(`${LABELS_PATHS.labels}?workspaceId=${member.workspaceId}`)).body.data.find(
          (l: any) => l.id === label.id,
        ).attributes.projectVersionCount;
      expect(await labelCount()).toBe(0);

      const res = await restore(member, [five, four, one]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { ids: [four, five].sort((a, b) => Number(a) - Number(b)) },
        meta: { numberOfProjects: 4 },
      });
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(4);
      expect(await titles(member)).toEqual(['Clip 5', 'Clip 4', 'Clip 2', 'Clip 1']);
      expect(await labelCount()).toBe(2);
      const element = await ctx.db.query<{ deleted: boolean }>(
        'SELECT deleted_at IS NOT NULL AS deleted FROM elements WHERE id = $1',
        [rows[0].id],
      );
      expect(element.rows[0].deleted).toBe(false);

      // Asking again changes nothing; the purge leaves the young deletion alone.
      expect((await restore(member, [five])).body).toEqual({ data: { ids: [] }, meta: { numberOfProjects: 4 } });
      expect((await new ProjectVersionRepository(ctx.db).deletions.purgeDeleted(1000, 30)).purged).toBe(0);
      expect((await restore(member, [three])).body.data.ids).toEqual([three]);
    });

    it('touches no other workspace: its ids are ignored, and naming its workspace is a 404', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      const [theirs] = await seedVersions(ctx.db, other.workspaceId, 1, 'Theirs');
      await remove(other, [theirs]);
      expect((await restore(member, [theirs])).body.data.ids).toEqual([]);
      expect((await restore(member, [theirs], other.workspaceId)).status).toBe(404);
      expect(await numberOfProjects(ctx.db, other.workspaceId)).toBe(0);
      expect((await restore(member, [])).status).toBe(400);
    });
  });

  it('cannot bring back what the purge has removed once the time to undo is over', async () => {
    const member = await newMember(ctx);
    const [only] = await seedVersions(ctx.db, member.workspaceId, 1, 'Gone');
    await remove(member, [only]);
    await ctx.db.query(`UPDATE project_versions SET deleted_at = now() - interval '31 seconds' WHERE id = $1`, [only]);
    expect((await new ProjectVersionRepository(ctx.db).deletions.purgeDeleted(1000, 30)).purged).toBe(1);
    expect((await restore(member, [only])).body).toEqual({ data: { ids: [] }, meta: { numberOfProjects: 0 } });
    expect(await titles(member)).toEqual([]);
  });
});
