import { beforeAll, expect, it } from 'vitest';
import { projectVersionListExtensions } from '../../plugins/projects/server/extension-points';
import { ListModels } from '../../plugins/projects/server/list-model/list-models';
import type { ModelQuery } from '../../plugins/projects/server/list-model/workspace-list-model';
import { ProjectVersionRepository, type ListQuery } from '../../plugins/projects/server/project-version-repository';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';

/**
 * The list model (plugins/projects/server/list-model) answers a page's ids from memory: every
 * page it gives must be the page SQL gives, before and after every kind of write, read with the
 * workspace revision the request would have read. Titles mix common and rare words, numbers,
 * hyphenated words, words outside ASCII and "98e3fa" (which PostgreSQL reads as a phrase); a third
 * of the versions share their instant with another (ties ordered by id).
 */
const SEARCHES = [
  '',
  'w00',
  'w001',
  'w0012harbor',
  'w0012harbor 5',
  '5',
  '12',
  'interview 1',
  'foo',
  'foo-bar',
  'bar 7',
  'Ünï',
  'ünïcode',
  '98e3',
  '98e3fa',
  '!!!',
  'zzz',
  'W0013HARBOR',
];

describeOnBothDatabases('project-version list: pages from the list model are the pages SQL serves', (ctx) => {
  let workspaceId: string;
  let sql: ProjectVersionRepository;
  let fromModel: ProjectVersionRepository;
  let models: ListModels;
  let answered = 0;

  const revision = async () =>
    (
      await ctx.db.query<{ r: string }>(
        'SELECT coalesce(sum(weight), 0)::text AS r FROM workspace_changes WHERE workspace_id = $1',
        [workspaceId],
      )
    ).rows[0].r;

  const insertVersions = (
    count: number,
    from: number,
    createdAt = `now() - interval '1 day' + (g / 3) * interval '1 second'`,
  ) =>
    ctx.db.query(
      `WITH p AS (
         INSERT INTO projects (workspace_id, title)
         SELECT $1, concat_ws(' ', 'w' || lpad((g % 40)::text, 4, '0') || 'harbor',
                              CASE WHEN g % 3 = 0 THEN 'interview' END, CASE WHEN g % 7 = 0 THEN 'foo-bar' END,
                              CASE WHEN g % 11 = 0 THEN 'Ünïcode' END, CASE WHEN g % 13 = 0 THEN '98e3fa' END, g::text)
         FROM generate_series($2::int, $2::int + $3::int - 1) g RETURNING id, title
       )
       INSERT INTO project_versions (project_id, workspace_id, title, created_at)
       SELECT p.id, $1, p.title, ${createdAt.replaceAll('g', "split_part(p.title, ' ', -1)::int")} FROM p`,
      [workspaceId, from, count],
    );

  beforeAll(async () => {
    ({ workspaceId } = await newMember(ctx));
    await insertVersions(400, 1);
    const contributions = () => ctx.app.extensions.contributions(projectVersionListExtensions);
    models = new ListModels(ctx.db, { minVersions: 0, maxVersions: 100_000 }, (error) => {
      throw error;
    });
    const page = models.page.bind(models);
    models.page = async (...args: [string, string | null, ModelQuery]) => {
      const ids = await page(...args);
      if (ids) answered++;
      return ids;
    };
    sql = new ProjectVersionRepository(ctx.db, contributions);
    fromModel = new ProjectVersionRepository(ctx.db, contributions, null, models);
    await models.buildLater(workspaceId);
  });

  /** Every search, its first page, its next page by cursor and its third numbered page, through both. */
  async function expectSamePages(): Promise<void> {
    const workspaceRevision = await revision();
    const base: ListQuery = {
      workspaceId,
      perPage: 7,
      page: 1,
      labelIds: [],
      searchWords: [],
      after: null,
      workspaceRevision,
    };
    for (const search of SEARCHES) {
      const searchWords = search.split(' ').filter(Boolean);
      const ids = async (query: ListQuery) => {
        const [want, got] = [await sql.list(query), await fromModel.list(query)];
        const shown = (page: typeof want) => ({
          ids: page.rows.map((row) => row.id),
          hasMore: page.hasMore,
          json: page.json,
        });
        expect(shown(got), JSON.stringify({ search, page: query.page, after: query.after })).toEqual(shown(want));
        return want;
      };
      const first = await ids({ ...base, searchWords });
      const last = first.rows.at(-1);
      if (last) await ids({ ...base, searchWords, page: 2, after: [last.positionMicros, last.id] });
      await ids({ ...base, searchWords, page: 3 });
    }
  }

  it('serves the same pages as SQL, and answers the searches it can match exactly', async () => {
    await expectSamePages();
    // Every search but the three outside ASCII or read as a phrase, three pages each (fewer when empty).
    expect(answered).toBeGreaterThan(30);
  });

  it('stays the same as SQL through new, back-dated, renamed, deleted, restored, purged and relabelled versions', async () => {
    const before = answered;
    await insertVersions(5, 1000, 'now()');
    await expectSamePages();
    await insertVersions(5, 2000, `now() - interval '3 days'`);
    await expectSamePages();
    await ctx.db.query(
      `UPDATE project_versions SET title = 'w0012harbor renamed 5' WHERE id IN (SELECT id FROM project_versions WHERE workspace_id = $1 ORDER BY id LIMIT 20)`,
      [workspaceId],
    );
    await expectSamePages();
    await ctx.db.query(
      `UPDATE project_versions SET deleted_at = now() WHERE workspace_id = $1 AND title LIKE 'w0012harbor%'`,
      [workspaceId],
    );
    await expectSamePages();
    await ctx.db.query(`UPDATE project_versions SET deleted_at = NULL WHERE workspace_id = $1 AND id % 2 = 0`, [
      workspaceId,
    ]);
    await expectSamePages();
    await ctx.db.query(`DELETE FROM project_versions WHERE workspace_id = $1 AND deleted_at IS NOT NULL`, [
      workspaceId,
    ]);
    await expectSamePages();
    await ctx.db.query(`UPDATE project_versions SET duration_ms = 5 WHERE workspace_id = $1`, [workspaceId]);
    await expectSamePages();
    expect(answered - before).toBeGreaterThan(7 * 30);
  });

  it('leaves a workspace too small or too large for a model to SQL, and does not count it again at once', async () => {
    const plainPage: ModelQuery = { terms: [], after: null, offset: 0, limit: 8 };
    for (const limits of [
      { minVersions: 10_000, maxVersions: 100_000 },
      { minVersions: 0, maxVersions: 100 },
    ]) {
      let counted = 0;
      const db = new Proxy(ctx.db, {
        get: (target, property, receiver) =>
          property === 'query'
            ? (...args: Parameters<typeof target.query>) => {
                counted++;
                return target.query(...args);
              }
            : Reflect.get(target, property, receiver),
      });
      const own = new ListModels(db, limits, (error) => {
        throw error;
      });
      await own.buildLater(workspaceId);
      expect(await own.page(workspaceId, await revision(), plainPage)).toBeNull();
      await own.buildLater(workspaceId);
      expect(counted).toBe(1);
    }
  });

  it.skipIf(ctx.kind === 'pglite')(
    'sees a write whose transaction began before, and committed after, one it already caught up with',
    async () => {
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `WITH p AS (INSERT INTO projects (workspace_id, title) VALUES ($1, 'zebra late') RETURNING id)
           INSERT INTO project_versions (project_id, workspace_id, title, created_at) SELECT id, $1, 'zebra late', now() FROM p`,
          [workspaceId],
        );
        await ctx.db.query(
          `WITH p AS (INSERT INTO projects (workspace_id, title) VALUES ($1, 'zebra early') RETURNING id)
           INSERT INTO project_versions (project_id, workspace_id, title, created_at) SELECT id, $1, 'zebra early', now() FROM p`,
          [workspaceId],
        );
        await expectSamePages();
      });
      await expectSamePages();
      const page = await fromModel.list({
        workspaceId,
        perPage: 7,
        page: 1,
        labelIds: [],
        searchWords: ['zebra'],
        after: null,
        workspaceRevision: await revision(),
      });
      expect(page.rows.map((row) => row.title).sort()).toEqual(['zebra early', 'zebra late']);
    },
  );
});
