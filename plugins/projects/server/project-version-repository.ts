import { createHash } from 'node:crypto';
import {
  type Database,
  type EventPublisher,
  namedStatement,
  type NamedStatement,
  type TenantOwner,
} from '../../../server/plugin-api';
import { type ElementState, type ProjectVersionLabel } from '../common/projects-contract';
import { ElementRepository } from './element-repository';
import { ProjectVersionDeletions } from './project-version-deletions';
import { ProjectCreations } from './project-creations';
import { PageRowsFunction } from './page-rows-function';
import { readLines, resourceText } from './list-page-lines';
import { projectVersionListPart } from './projects-presenter';
import { listLinesSql, rowsJsonSql } from './version-row-sql';
import { isResourceId } from '../../../core/common/resource-id';
import { modelSearchTerms, titleSearchConditions } from './title-search-conditions';
import type { ListModels } from './list-model/list-models';
import type { ProjectVersionListContribution, ProjectVersionListPage } from './extension-points';

export interface ProjectVersionRecord {
  id: string;
  projectId: string;
  workspaceId: string;
  title: string;
  createdAt: Date;
  durationMs: number;
  thumbnailKey: string | null;
  elementId: string | null;
  elementState: ElementState | null;
  /** Media retention removed the element's media after that many days (null: not removed). */
  mediaRemovedAfterDays: number | null;
  labels: ProjectVersionLabel[];
  /** Attributes other plugins' list columns add (projectVersionListExtensions), by attribute name. */
  contributed?: Record<string, unknown>;
  /** Microseconds since the epoch: exact keyset position (a JS Date would drop the microseconds). */
  positionMicros: string;
}

/** A list page: its rows (without the columns passed through as text) and each row's resource as served, in JSON. */
export interface ListedPage {
  rows: ProjectVersionRecord[];
  json: string[];
  hasMore: boolean;
}

export interface ListQuery {
  workspaceId: string;
  perPage: number;
  page: number;
  labelIds: string[];
  searchWords: string[];
  /** Keyset position `[micros, id]` of the last row of the previous page. */
  after: [string, string] | null;
  /** The workspace revision the request read (contributions may keep what they read under it); absent: read fresh. */
  workspaceRevision?: string | null;
}

type ListColumn = NonNullable<ProjectVersionListContribution['column']>;

/** What the list's statements are made of, made once from the contributions (they never change after start-up). */
interface RowsShape {
  contributions: ProjectVersionListContribution[];
  columns: ListColumn[];
  /** The columns with a `resolve`: the list's rows carry only these (the others pass through as text). */
  resolvedColumns: ListColumn[];
  /** The attributes the list passes through as text (the columns without `resolve`). */
  tailAttributes: ReadonlySet<string>;
  /** The list's rows function's statement (listLinesSql, kept as a function by page-rows-function.ts). */
  linesText: string;
  /**
   * The rows-by-id statement (rowsJsonSql): named, so PostgreSQL plans it once per connection (a
   * lookup by primary key whatever the ids) instead of for every call. Planning the one-statement
   * list with its sub-selects cost 1.2 ms, more than running it (0.85 ms for a plain page).
   */
  rowsStatement: NamedStatement;
}

function rowsShape(contributions: ProjectVersionListContribution[]): RowsShape {
  const columns = contributions.flatMap(({ column }) => (column ? [column] : []));
  const rowsText = rowsJsonSql(columns);
  return {
    contributions,
    columns,
    resolvedColumns: columns.filter((column) => column.resolve),
    tailAttributes: new Set(columns.filter((column) => !column.resolve).map((column) => column.attribute)),
    linesText: listLinesSql(columns),
    rowsStatement: namedStatement(
      `project_versions_rows_${createHash('sha1').update(rowsText).digest('hex').slice(0, 12)}`,
      rowsText,
    ),
  };
}

/** A row of rowsStatement as the driver gives it: the contributed columns under `c:<attribute>`. */
type VersionRow = Omit<ProjectVersionRecord, 'createdAt' | 'labels' | 'contributed' | 'workspaceId'> &
  Record<string, unknown>;

/**
 * SQL for projects and their versions. The list query is built from the filters present (no
 * `$x IS NULL OR …` that would hide the indexes from the planner): it walks
 * project_versions_list_idx newest first and stops after one page, or, with a search, starts
 * from the full-text index when that is cheaper; other plugins' filters and columns
 * (projectVersionListExtensions: labels' filter tests the row's `label_ids`, a rare label uses
 * its GIN index) join the same statement, so the page's labels come in the same round trip. Deleted versions (`deleted_at` set, until projects.purgeDeleted removes them)
 * are invisible to every read here; the partial indexes all say `deleted_at IS NULL`.
 */
export class ProjectVersionRepository {
  readonly elements: ElementRepository;
  /** Bulk delete, undo, and the purge after the time to undo (project-version-deletions.ts). */
  readonly deletions: ProjectVersionDeletions;
  /** New projects, from an upload or from links (project-creations.ts). */
  readonly creations: ProjectCreations;
  private readonly pageRows: PageRowsFunction;

  /** The list's columns and filters other plugins add, and the statements made of them (read on first use, after every plugin registered). */
  private readonly shape: () => RowsShape;

  constructor(
    private readonly db: Database,
    contributions: () => ProjectVersionListContribution[] = () => [],
    /** Where the writes below publish their domain events (absent in jobs that only read or purge). */
    events: EventPublisher | null = null,
    /** The web process's in-memory list models (list-model/), which answer a page's ids when they can. */
    private readonly models: ListModels | null = null,
  ) {
    this.elements = new ElementRepository(db);
    this.deletions = new ProjectVersionDeletions(db, events);
    this.creations = new ProjectCreations(db, this.elements, events);
    this.pageRows = new PageRowsFunction(db);
    // Read once, on first use: the plugin list (server/extensions.ts) is fixed when the app is
    // built, and walking every plugin's contributions three times per list request showed in
    // the web process's CPU profile. Everything made from them is made once with them.
    let read: RowsShape | null = null;
    this.shape = () => (read ??= rowsShape(contributions()));
  }

  private contributions(): ProjectVersionListContribution[] {
    return this.shape().contributions;
  }

  /**
   * The driver's rows to records of one shape, the contributed columns (`c:<attribute>`) moved
   * into `contributed`, each column's values first through its `resolve` when it has one (once
   * per page). Built anew rather than by deleting keys from the row: a `delete` turns the object
   * into a slow dictionary for everything that reads it after (presenter, serializer).
   */
  private async toRecords(
    rows: VersionRow[],
    page: ProjectVersionListPage,
    columns = this.shape().columns,
  ): Promise<ProjectVersionRecord[]> {
    const values = new Map<string, unknown[]>();
    for (const column of columns) {
      const raw = rows.map((row) => row[`c:${column.attribute}`]);
      values.set(
        column.attribute,
        column.resolve && rows.length > 0 ? await column.resolve(raw, page, { db: this.db }) : raw,
      );
    }
    const attributes = columns.flatMap(({ attribute }) => (attribute !== 'labels' ? [attribute] : []));
    const labels = values.get('labels');
    return rows.map((row, index) => {
      const contributed: Record<string, unknown> = {};
      for (const attribute of attributes) contributed[attribute] = values.get(attribute)![index];
      return {
        id: row.id,
        projectId: row.projectId,
        // The statement reads one workspace's rows only (WHERE v.workspace_id = $1): not sent back 50 times.
        workspaceId: page.workspaceId,
        title: row.title,
        // The same instant the driver made of the timestamptz: micros truncated to ms (it floors the fraction too).
        createdAt: new Date(Math.floor(Number(row.positionMicros) / 1000)),
        durationMs: row.durationMs,
        thumbnailKey: row.thumbnailKey,
        elementId: row.elementId,
        elementState: row.elementState,
        mediaRemovedAfterDays: row.mediaRemovedAfterDays,
        labels: (labels?.[index] as ProjectVersionLabel[] | null | undefined) ?? [],
        contributed,
        positionMicros: row.positionMicros,
      };
    });
  }

  async ownerOf(projectVersionId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM project_versions v JOIN workspaces w ON w.id = v.workspace_id WHERE v.id = $1 AND v.deleted_at IS NULL`,
      [projectVersionId],
    );
    return rows[0] ?? null;
  }

  /**
   * One page, newest first; fetches one row more than asked to know whether another page exists.
   * One statement in two steps: the page's ids (only the filters and the order, planned for the
   * values at hand, so the planner can pick the index for a rare word or label; a numbered page
   * without a cursor skips its rows in project_versions_list_idx alone, index-only), then those
   * rows whole, through the rows statement kept as a function (page-rows-function.ts). With the
   * sub-selects in the same plan as the skip they ran for every skipped row of a numbered page:
   * page 10,000 read 380,000 buffers (3.7 s) where the index-only walk reads 4,800.
   */
  async list(query: ListQuery): Promise<ListedPage> {
    const params: unknown[] = [query.workspaceId];
    const where = ['v.workspace_id = $1', 'v.deleted_at IS NULL'];
    const add = (value: unknown) => `$${params.push(value)}`;
    for (const contribution of this.contributions()) {
      const condition = await contribution.filter?.(
        {
          workspaceId: query.workspaceId,
          labelIds: query.labelIds,
          workspaceRevision: query.workspaceRevision ?? null,
        },
        { db: this.db, add },
      );
      if (condition === 'nothing') return { rows: [], json: [], hasMore: false };
      if (condition) where.push(condition);
    }
    // No other plugin's filter in the query: the workspace's list model may know the page's ids.
    const fromModel = where.length === 2 ? await this.idsFromModel(query) : null;
    if (fromModel) {
      if (fromModel.length === 0) return { rows: [], json: [], hasMore: false };
      const { rows } = await this.pageRows.with(this.shape().linesText, (rowsOf) =>
        this.db.query<{ page: string | null }>(`SELECT ${rowsOf}($1, $2::bigint[]) AS page`, [
          query.workspaceId,
          fromModel.slice(0, query.perPage),
        ]),
      );
      return this.listedPage(query, rows[0].page, fromModel.length > query.perPage);
    }
    if (query.searchWords.length > 0) {
      const conditions = titleSearchConditions(query.searchWords, add);
      if (!conditions) return { rows: [], json: [], hasMore: false };
      where.push(...conditions);
    }
    let offset = (query.page - 1) * query.perPage;
    if (query.after) {
      const position = `'epoch'::timestamptz + ${add(query.after[0])}::bigint * interval '1 microsecond'`;
      where.push(`(v.created_at, v.id) < (${position}, ${add(query.after[1])}::bigint)`);
      offset = 0;
    }
    const limit = `LIMIT ${add(query.perPage + 1)}${offset > 0 ? ` OFFSET ${add(offset)}` : ''}`;
    const found = `SELECT v.id, v.created_at FROM project_versions v WHERE ${where.join(' AND ')} ORDER BY v.created_at DESC, v.id DESC ${limit}`;
    const perPage = add(query.perPage);
    const { rows } = await this.pageRows.with(this.shape().linesText, (rowsOf) =>
      this.db.query<{ found: number; page: string | null }>(
        `WITH found AS MATERIALIZED (${found})
         SELECT (SELECT count(*)::int FROM found) AS found,
                CASE WHEN EXISTS (SELECT 1 FROM found)
                     THEN ${rowsOf}($1, ARRAY(SELECT id FROM found ORDER BY created_at DESC, id DESC LIMIT ${perPage})) END AS page`,
        params,
      ),
    );
    return this.listedPage(query, rows[0].page, rows[0].found > query.perPage);
  }

  /**
   * The page's ids (and one more when another page follows) from the list model, or null when it
   * cannot say: no model ready, a search term it does not match as PostgreSQL would, a cursor
   * beyond exact numbers.
   */
  private async idsFromModel(query: ListQuery): Promise<string[] | null> {
    if (!this.models) return null;
    const terms = query.searchWords.length > 0 ? modelSearchTerms(query.searchWords) : [];
    if (!terms) return null;
    // Only punctuation typed: no title matches (as titleSearchConditions says for SQL).
    if (terms.length === 0 && query.searchWords.length > 0) return [];
    let after: [number, string] | null = null;
    if (query.after) {
      const micros = Number(query.after[0]);
      if (!Number.isSafeInteger(micros) || !isResourceId(query.after[1])) return null;
      after = [micros, query.after[1]];
    }
    return this.models.page(query.workspaceId, query.workspaceRevision ?? null, {
      terms,
      after,
      offset: after ? 0 : (query.page - 1) * query.perPage,
      limit: query.perPage + 1,
    });
  }

  /** The rows function's text as the page served: records for the presenter, each row's JSON as sent. */
  private async listedPage(query: ListQuery, page: string | null, hasMore: boolean): Promise<ListedPage> {
    const lines = readLines<VersionRow>(page);
    const records = await this.toRecords(
      lines.map((line) => line.head),
      { workspaceId: query.workspaceId, workspaceRevision: query.workspaceRevision ?? null },
      this.shape().resolvedColumns,
    );
    const { tailAttributes } = this.shape();
    return {
      rows: records,
      json: records.map((record, index) =>
        resourceText(projectVersionListPart(record, tailAttributes), lines[index].tail),
      ),
      hasMore,
    };
  }

  /**
   * Fresh rows for ids the client holds (ids of other workspaces or deleted ones are absent),
   * newest first. `workspaceRevision`: the one the request read, under which columns may keep what
   * they resolve (null: they read it fresh).
   */
  async byIds(
    workspaceId: string,
    ids: string[],
    workspaceRevision: string | null = null,
  ): Promise<ProjectVersionRecord[]> {
    const { rows } = await this.db.query<{ page: VersionRow[] }>(this.shape().rowsStatement, [workspaceId, ids]);
    return this.toRecords(rows[0].page, { workspaceId, workspaceRevision });
  }
}
