import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECTS_PATHS, PROJECT_VERSIONS_PER_PAGE } from '../../plugins/projects/common/projects-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, numberOfProjects, seedVersions, type Member } from './projects-test-kit';

// @needs-plugins labels (it labels versions through /api/v1/labels): scripts/check-plugin-removal.mjs leaves this file out without one of them.

const list = (member: Member, query: string) =>
  member.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&${query}`);
const titles = (res: { body: any }) => res.body.data.map((v: any) => v.attributes.title);

/** The purge of deleted versions is a job (in-process in tests): poll until it has done its work. */
async function waitUntil(done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the purge job');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeOnBothDatabases('project versions: create, list by page, search, labels filter, updates, delete', (ctx) => {
  describe('POST /api/v1/projects/', () => {
    it('creates a project with one version, answers data[0].id and data[0].attributes.projectId, and raises the count by one', async () => {
      const member = await newMember(ctx);
      const res = await member.client.post(PROJECTS_PATHS.projects, {
        workspaceId: member.workspaceId,
        title: '  Launch video  ',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toHaveLength(1);
      const version = res.body.data[0];
      expect(version).toMatchObject({
        type: 'project_version',
        attributes: { title: 'Launch video', workspaceId: member.workspaceId, labels: [], subtitles: [] },
      });
      expect(version.attributes.projectId).toMatch(/^\d+$/);
      expect(res.body.meta.numberOfProjects).toBe(1);
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(1);
      const listed = await list(member, 'page=1');
      expect(listed.body.data.map((v: any) => v.id)).toEqual([version.id]);
    });

    it('refuses a blank title (422), a malformed body (400), another workspace (404) and a write without the CSRF token (403)', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      const blank = await member.client.post(PROJECTS_PATHS.projects, {
        workspaceId: member.workspaceId,
        title: '   ',
      });
      expect(blank.status).toBe(422);
      expect(blank.body).toMatchObject({ message: "Title can't be blank", field: 'title' });
      expect((await member.client.post(PROJECTS_PATHS.projects, { workspaceId: 'abc', title: 'x' })).status).toBe(400);
      expect(
        (await member.client.post(PROJECTS_PATHS.projects, { workspaceId: other.workspaceId, title: 'x' })).status,
      ).toBe(404);
      expect(
        (
          await member.client.post(
            PROJECTS_PATHS.projects,
            { workspaceId: member.workspaceId, title: 'x' },
            { csrfToken: null },
          )
        ).status,
      ).toBe(403);
      expect(await numberOfProjects(ctx.db, other.workspaceId)).toBe(0);
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(0);
    });
  });

  describe('GET /api/v1/project_versions', () => {
    let member: Member;
    let newestFirst: string[];
    beforeAll(async () => {
      member = await newMember(ctx);
      newestFirst = await seedVersions(ctx.db, member.workspaceId, 120, 'Clip');
    });

    it('pages newest first: page 1, then the next consecutive pages, with hasMore', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await list(member, `page=${page}`));
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(pages.map((p) => p.body.data.length)).toEqual([PROJECT_VERSIONS_PER_PAGE, PROJECT_VERSIONS_PER_PAGE, 20]);
      expect(pages.map((p) => p.body.meta.hasMore)).toEqual([true, true, false]);
      expect(pages.flatMap((p) => p.body.data.map((v: any) => v.id))).toEqual(newestFirst);
      expect(pages[0].body.data[0].attributes.title).toBe('Clip 120');
    });

    it('gives the same next page through the keyset cursor as through the page number', async () => {
      const first = await list(member, 'page=1&perPage=30');
      const byNumber = await list(member, 'page=2&perPage=30');
      const byCursor = await list(member, `page=2&perPage=30&after=${first.body.meta.nextCursor}`);
      expect(byCursor.body.data.map((v: any) => v.id)).toEqual(byNumber.body.data.map((v: any) => v.id));
      expect(byCursor.body.data.map((v: any) => v.id)).toEqual(newestFirst.slice(30, 60));
      expect((await list(member, 'after=not-a-cursor')).status).toBe(400);
    });

    it('searches titles case-insensitively: every typed word must begin a word of the title; punctuation alone matches nothing', async () => {
      const searched = await list(member, `search=${encodeURIComponent('cLiP 11')}`);
      expect(titles(searched).sort()).toEqual(
        [
          'Clip 11',
          'Clip 110',
          'Clip 111',
          'Clip 112',
          'Clip 113',
          'Clip 114',
          'Clip 115',
          'Clip 116',
          'Clip 117',
          'Clip 118',
          'Clip 119',
        ].sort(),
      );
      expect(titles(await list(member, 'search=lip'))).toEqual([]);
      expect((await list(member, 'search=%25')).body.data).toEqual([]);
      expect((await list(member, 'search=Cl_p')).body.data).toEqual([]);
      expect((await list(member, 'search=nothing-like-this')).body).toMatchObject({
        data: [],
        meta: { hasMore: false, nextCursor: null },
      });
    });

    it('filters by labels (any of them), given repeated or comma separated, combined with search', async () => {
      const red = await member.client.post('/api/v1/labels/', {
        workspaceId: member.workspaceId,
        caption: 'Red',
        projectVersionIds: newestFirst.slice(0, 3),
      });
      const blue = await member.client.post('/api/v1/labels/', {
        workspaceId: member.workspaceId,
        caption: 'Blue',
        projectVersionIds: newestFirst.slice(100, 102),
      });
      expect([red.status, blue.status]).toEqual([201, 201]);
      const [redId, blueId] = [red.body.data.id, blue.body.data.id];
      const onlyRed = await list(member, `labels=${redId}`);
      expect(titles(onlyRed)).toEqual(['Clip 120', 'Clip 119', 'Clip 118']);
      expect(onlyRed.body.data[0].attributes.labels).toEqual([{ id: redId, caption: 'Red' }]);
      const repeated = await list(member, `labels=${redId}&labels=${blueId}`);
      const comma = await list(member, `labels=${redId},${blueId}`);
      expect(titles(repeated)).toEqual(['Clip 120', 'Clip 119', 'Clip 118', 'Clip 20', 'Clip 19']);
      expect(titles(comma)).toEqual(titles(repeated));
      expect(titles(await list(member, `labels=${redId},${blueId}&search=11`))).toEqual(['Clip 119', 'Clip 118']);
      expect((await list(member, 'labels=x')).status).toBe(400);
    });

    it('refuses bad paging input and a workspace the caller cannot open', async () => {
      expect((await list(member, 'page=0')).status).toBe(400);
      expect((await list(member, 'perPage=5000')).status).toBe(400);
      const stranger = await newMember(ctx);
      const res = await stranger.client.get(`${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Clip');
    });
  });

  describe('POST /api/v1/project_versions/updates and DELETE /api/v1/project_versions/', () => {
    it('refreshes the rows asked for, leaving out deleted ones and those of other workspaces', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      const mine = await seedVersions(ctx.db, member.workspaceId, 3, 'Mine');
      const theirs = await seedVersions(ctx.db, other.workspaceId, 1, 'Theirs');
      await ctx.db.query(`UPDATE project_versions SET title = 'Renamed' WHERE id = $1`, [mine[0]]);
      const res = await member.client.post(PROJECTS_PATHS.projectVersionUpdates, {
        workspaceId: member.workspaceId,
        projectVersionIds: [mine[0], mine[1], theirs[0], '999999999'],
      });
      expect(res.status).toBe(200);
      expect(titles(res).sort()).toEqual(['Mine 2', 'Renamed']);
    });

    it('deletes thousands in one call: gone from list, refresh and counts at once, rows and emptied projects purged after, foreign ids untouched', async () => {
      const member = await newMember(ctx);
      const other = await newMember(ctx);
      const mine = await seedVersions(ctx.db, member.workspaceId, 3000, 'Bulk');
      const theirs = await seedVersions(ctx.db, other.workspaceId, 5, 'Foreign');
      // A project with two versions keeps living while one of them remains.
      const [{ projectId }] = (
        await ctx.db.query<{ projectId: string }>(
          'SELECT project_id::text AS "projectId" FROM project_versions WHERE id = $1',
          [mine[0]],
        )
      ).rows;
      const { rows: sibling } = await ctx.db.query<{ id: string }>(
        `INSERT INTO project_versions (project_id, workspace_id, title) VALUES ($1, $2, 'Sibling') RETURNING id::text AS id`,
        [projectId, member.workspaceId],
      );
      await ctx.db.query('UPDATE workspaces SET number_of_projects = number_of_projects + 1 WHERE id = $1', [
        member.workspaceId,
      ]);

      const doomed = mine.slice(0, 2500);
      const res = await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
        workspaceId: member.workspaceId,
        projectVersionIds: [...doomed, ...theirs],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.ids).toHaveLength(2500);
      expect(new Set(res.body.data.ids)).toEqual(new Set(doomed));
      expect(res.body.meta.numberOfProjects).toBe(501);
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(501);
      expect(await numberOfProjects(ctx.db, other.workspaceId)).toBe(5);

      // What the user sees moves at once, whether or not the purge has run yet.
      const listed: string[] = [];
      for (let n = 1; n <= 3; n++)
        listed.push(...(await list(member, `page=${n}&perPage=200`)).body.data.map((v: any) => v.id));
      expect(listed).toHaveLength(501);
      expect(listed.some((id) => doomed.includes(id))).toBe(false);
      const refreshed = await member.client.post(PROJECTS_PATHS.projectVersionUpdates, {
        workspaceId: member.workspaceId,
        projectVersionIds: doomed.slice(0, 50),
      });
      expect(refreshed.body.data).toEqual([]);
      const twice = await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
        workspaceId: member.workspaceId,
        projectVersionIds: doomed.slice(0, 10),
      });
      expect(twice.body).toMatchObject({ data: { ids: [] }, meta: { numberOfProjects: 501 } });

      const count = async (sql: string, params: unknown[]) =>
        (await ctx.db.query<{ n: number }>(sql, params)).rows[0].n;
      await waitUntil(
        async () =>
          (await count('SELECT count(*)::int AS n FROM project_versions WHERE id = ANY($1::bigint[])', [doomed])) === 0,
      );
      expect(
        await count('SELECT count(*)::int AS n FROM project_versions WHERE workspace_id = $1', [other.workspaceId]),
      ).toBe(5);
      expect(await count('SELECT count(*)::int AS n FROM projects WHERE workspace_id = $1', [member.workspaceId])).toBe(
        501,
      );
      expect(await count('SELECT count(*)::int AS n FROM projects WHERE id = $1', [projectId])).toBe(1);

      const again = await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
        workspaceId: member.workspaceId,
        projectVersionIds: [sibling[0].id],
      });
      expect(again.body.data.ids).toEqual([sibling[0].id]);
      await waitUntil(
        async () => (await count('SELECT count(*)::int AS n FROM projects WHERE id = $1', [projectId])) === 0,
      );
      expect(await numberOfProjects(ctx.db, member.workspaceId)).toBe(500);
      expect(
        (
          await member.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
            workspaceId: member.workspaceId,
            projectVersionIds: [],
          })
        ).status,
      ).toBe(400);
    });
  });
});
