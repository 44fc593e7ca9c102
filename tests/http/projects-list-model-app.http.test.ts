import { expect, it } from 'vitest';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, seedVersions, type Member } from './projects-test-kit';

/**
 * The list model as the app wires it (plugins/projects/server/index.ts): with
 * LIST_MODEL_MIN_VERSIONS 0 every workspace gets one on its first list request. Proven in use by
 * a change it cannot see (its notes' trigger switched off, the revision still moving): the search
 * keeps the old words. And what people do through the API — delete, undo — is on the very next
 * search, read with the revision of that request's own membership check.
 */
const search = async (member: Member, words: string, perPage = 50) => {
  const res = await member.client.get(
    `${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1&perPage=${perPage}&search=${encodeURIComponent(words)}`,
  );
  expect(res.status).toBe(200);
  return res.body.data.map((version: { attributes: { title: string } }) => version.attributes.title).sort();
};

describeOnBothDatabases(
  'project-version list served from the list model',
  { config: { listModelMinVersions: 0, undoDeleteSeconds: 600 } },
  (ctx) => {
    it('answers searches from memory, and shows a delete and its undo on the next search', async () => {
      const member = await newMember(ctx);
      const ids = await seedVersions(ctx.db, member.workspaceId, 30, 'Harbor');
      expect(await search(member, 'harbor 7')).toEqual(['Harbor 7']);

      // The first request started the model's build; a rename it is not told of shows when it serves.
      let stale = false;
      for (let attempt = 0; attempt < 50 && !stale; attempt++) {
        await ctx.db.query('ALTER TABLE project_versions DISABLE TRIGGER project_versions_list_change_update');
        try {
          await ctx.db.query(`UPDATE project_versions SET title = $2 WHERE id = $1`, [ids[0], `Zebra ${attempt}`]);
        } finally {
          await ctx.db.query('ALTER TABLE project_versions ENABLE TRIGGER project_versions_list_change_update');
        }
        stale = (await search(member, 'zebra')).length === 0;
        if (!stale) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stale).toBe(true);

      const doomed = ids.filter((_, index) => index % 2 === 1);
      const deleted = await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
        workspaceId: member.workspaceId,
        projectVersionIds: doomed,
      });
      expect(deleted.status).toBe(200);
      // A page of three: a model still holding the deleted versions would name them, and the page would come short.
      expect(await search(member, 'harbor 2', 3)).toEqual(['Harbor 24', 'Harbor 26', 'Harbor 28']);

      const restored = await member.client.post(PROJECTS_PATHS.restoreProjectVersions, {
        workspaceId: member.workspaceId,
        projectVersionIds: doomed,
      });
      expect(restored.status).toBe(200);
      expect(restored.body.data.ids).toHaveLength(15);
      expect(await search(member, 'harbor 2')).toHaveLength(11);
      expect(await search(member, 'harbor 2', 3)).toEqual(['Harbor 27', 'Harbor 28', 'Harbor 29']);
    });
  },
);
