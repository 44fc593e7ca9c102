import { beforeAll, expect, it } from 'vitest';
import type { Database, NamedStatement, QueryResult } from '../../server/db/database';
import { projectVersionListExtensions } from '../../plugins/projects/server/extension-points';
import { ProjectVersionRepository, type ListQuery } from '../../plugins/projects/server/project-version-repository';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, seedVersions } from './projects-test-kit';

// @needs-plugins labels (versions are filtered by labels of its table): scripts/check-plugin-removal.mjs leaves this file out without one of them.

/**
 * The query plan of every project-version list shape, read from the database itself: the list's
 * real SQL (the repository with every plugin's columns and filters) is run once more under
 * EXPLAIN. 30,000 versions with the benchmark's distribution of words and labels (analysed), so
 * the planner weighs the indexes as it does at a million: no shape may read project_versions
 * whole (Seq Scan), and each must start from the index that makes it cheap.
 */
const VERSIONS = 30_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** A Database that EXPLAINs every list statement (on project_versions v) before running it. */
function explaining(db: Database, plans: PlanNode[][]): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return async (sql: unknown, params?: unknown[]): Promise<QueryResult<unknown>> => {
        const text = typeof sql === 'string' ? sql : (sql as NamedStatement).text;
        if (/^(WITH found AS MATERIALIZED \()?SELECT[\s\S]+FROM project_versions v/.test(text.trim())) {
          const { rows } = await target.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
          const raw = rows[0]['QUERY PLAN'];
          const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
          plans.push(flatten(parsed[0].Plan));
        }
        return target.query(sql as string | NamedStatement, params);
      };
    },
  });
}

describeOnBothDatabases(
  'project-version list: the query plan of each shape uses its index, never a scan of the table',
  (ctx) => {
    let workspaceId: string;
    let labels: { common: string; rare: string };
    let repository: (plans: PlanNode[][]) => ProjectVersionRepository;

    beforeAll(async () => {
      ({ workspaceId } = await newMember(ctx));
      const label = async (caption: string) =>
        (
          await ctx.db.query<{ id: string }>(
            'INSERT INTO labels (workspace_id, caption) VALUES ($1, $2) RETURNING id::text AS id',
            [workspaceId, caption],
          )
        ).rows[0].id;
      labels = { common: await label('Client A'), rare: await label('Rare') };
      // Titles "w0042harbor interview 12345": 1,000 words, each on 0.1 % of the titles; "Client A" on
      // every 2nd version, "Rare" on every 1,000th.
      await ctx.db.query(
        `WITH p AS (
         INSERT INTO projects (workspace_id, title)
         SELECT $1, 'w' || lpad((g % 1000)::text, 4, '0') || 'harbor interview ' || g FROM generate_series(1, $2::int) g RETURNING id, title
       )
       INSERT INTO project_versions (project_id, workspace_id, title, created_at, label_ids)
       SELECT p.id, $1, p.title, now() - interval '1 day' + p.id * interval '1 second',
              CASE WHEN p.id % 1000 = 7 THEN ARRAY[$4::bigint] WHEN p.id % 2 = 0 THEN ARRAY[$3::bigint] ELSE '{}' END
       FROM p`,
        [workspaceId, VERSIONS, labels.common, labels.rare],
      );
      await ctx.db.query('VACUUM ANALYZE project_versions');
      repository = (plans) =>
        new ProjectVersionRepository(explaining(ctx.db, plans), () =>
          ctx.app.extensions.contributions(projectVersionListExtensions),
        );
    });

    const onVersions = (plan: PlanNode[]) =>
      plan.filter(
        (node) => node['Relation Name'] === 'project_versions' || node['Index Name']?.startsWith('project_versions_'),
      );

    /**
     * The nodes reading project_versions in the plans of one list call (its rows checked too): the
     * page's ids (the list statement), then its rows (the rows statement, which the list statement
     * calls as a function where EXPLAIN does not look: explained here by the same ids).
     */
    async function plansOf(query: Partial<ListQuery>): Promise<{ page: PlanNode[]; rows: PlanNode[] }> {
      const plans: PlanNode[][] = [];
      const { rows } = await repository(plans).list({
        workspaceId,
        perPage: 50,
        page: 1,
        labelIds: [],
        searchWords: [],
        after: null,
        ...query,
      });
      expect(rows.length).toBeGreaterThan(0);
      expect(plans).toHaveLength(1);
      await repository(plans).byIds(
        workspaceId,
        rows.map((row) => row.id),
      );
      expect(plans).toHaveLength(2);
      return { page: onVersions(plans[0]), rows: onVersions(plans[1]) };
    }

    /** The plan that finds the page (the rows are then read by id, the same for every shape). */
    const planOf = async (query: Partial<ListQuery>): Promise<PlanNode[]> => (await plansOf(query)).page;

    const indexesOf = (nodes: PlanNode[]) => nodes.map((node) => `${node['Node Type']}: ${node['Index Name'] ?? '-'}`);
    const noTableScan = (nodes: PlanNode[]) => expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');

    it('plain list, common label, common word: walks the list index newest first and stops after the page', async () => {
      for (const query of [{}, { labelIds: [labels.common] }, { searchWords: ['interview'] }]) {
        const nodes = await planOf(query);
        noTableScan(nodes);
        expect(indexesOf(nodes)).toEqual([expect.stringMatching(/^Index (Only )?Scan: project_versions_list_idx$/)]);
      }
    });

    it('the next page by cursor seeks into the list index', async () => {
      const { rows } = await repository([]).list({
        workspaceId,
        perPage: 50,
        page: 1,
        labelIds: [],
        searchWords: [],
        after: null,
      });
      const last = rows.at(-1)!;
      const nodes = await planOf({ page: 2, after: [last.positionMicros, last.id] });
      noTableScan(nodes);
      expect(indexesOf(nodes)).toEqual(['Index Only Scan: project_versions_list_idx']);
    });

    it('a deep numbered page without a cursor skips rows in the list index alone (index-only), then reads the page by id', async () => {
      const { page, rows } = await plansOf({ page: 400 });
      noTableScan(page);
      expect(indexesOf(page)).toEqual(['Index Only Scan: project_versions_list_idx']);
      noTableScan(rows);
      expect(indexesOf(rows)).toContainEqual(expect.stringMatching(/Index Scan: project_versions_pkey$/));
    });

    it('a rare word or a rare word with a label starts from the title index; a rare label from the label index', async () => {
      // "w0042harbor 5": the one-character prefix stays out of the index (it would merge every word starting with 5).
      for (const query of [
        { searchWords: ['w0042harbor'] },
        { searchWords: ['w0042harbor'], labelIds: [labels.common] },
        { searchWords: ['w0042', 'interview'] },
        { searchWords: ['w0042harbor', '5'] },
      ]) {
        const nodes = await planOf(query);
        noTableScan(nodes);
        expect(indexesOf(nodes)).toContain('Bitmap Index Scan: project_versions_title_search_idx');
      }
      const withDigit = (await planOf({ searchWords: ['w0042harbor', '5'] })).find(
        (node) => node['Index Name'] === 'project_versions_title_search_idx',
      );
      expect(withDigit?.['Index Cond']).toContain('w0042harbor');
      expect(withDigit?.['Index Cond']).not.toMatch(/'5'+:\*/);
      const rare = await planOf({ labelIds: [labels.rare] });
      noTableScan(rare);
      expect(indexesOf(rare)).toContain('Bitmap Index Scan: project_versions_label_ids_idx');
    });
  },
);

describeOnBothDatabases('project-version list: the stored title words follow the title', (ctx) => {
  it('finds a version by its new title after a rename (and no longer by the old one), and a new version at once', async () => {
    const { workspaceId } = await newMember(ctx);
    const list = (words: string[]) =>
      new ProjectVersionRepository(ctx.db, () => ctx.app.extensions.contributions(projectVersionListExtensions)).list({
        workspaceId,
        perPage: 50,
        page: 1,
        labelIds: [],
        searchWords: words,
        after: null,
      });
    const [id] = (await seedVersions(ctx.db, workspaceId, 1, 'Harbour')).map(String);
    expect((await list(['harbour'])).rows.map((row) => row.id)).toEqual([id]);
    await ctx.db.query(`UPDATE project_versions SET label_ids = '{}', title = 'Lighthouse tour' WHERE id = $1`, [id]);
    expect((await list(['harbour'])).rows).toEqual([]);
    expect((await list(['light', 'tou'])).rows.map((row) => row.title)).toEqual(['Lighthouse tour']);
    // A short word beside a longer one is tested on the rows the longer one finds: still every word must match.
    expect((await list(['lighthouse', 't'])).rows.map((row) => row.title)).toEqual(['Lighthouse tour']);
    expect((await list(['lighthouse', 'x'])).rows).toEqual([]);
    await ctx.db.query(`UPDATE project_versions SET label_ids = '{}' WHERE id = $1`, [id]);
    expect((await list(['lighthouse'])).rows.map((row) => row.id)).toEqual([id]);
  });
});
