import type { Database, Queryable } from '../../../server/db/database';
import { httpError } from '../../../server/http/errors';
import type { TenantOwner } from '../../../server/identity/tenancy-repository';
import { PROJECTS_SERVER_MESSAGES, type ElementState, type ProjectVersionLabel } from '../common/projects-contract';
import { ElementRepository, moveProjectCount, type ElementDeletion } from './element-repository';

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
  labels: ProjectVersionLabel[];
  /** Microseconds since the epoch: exact keyset position (a JS Date would drop the microseconds). */
  positionMicros: string;
}

export interface ListQuery {
  workspaceId: string;
  perPage: number;
  page: number;
  labelIds: string[];
  searchWords: string[];
  /** Keyset position `[micros, id]` of the last row of the previous page. */
  after: [string, string] | null;
}

const VERSION_COLUMNS = `v.id::text AS id, v.project_id::text AS "projectId", v.workspace_id::text AS "workspaceId", v.title,
  v.created_at AS "createdAt", v.duration_ms AS "durationMs", v.thumbnail_key AS "thumbnailKey", v.element_id::text AS "elementId",
  e.state AS "elementState", (extract(epoch FROM v.created_at) * 1000000)::bigint::text AS "positionMicros"`;

/** The title's words, as the search index holds them ('simple': lower case, no stemming). */
const TITLE_WORDS = `to_tsvector('simple'::regconfig, v.title)`;

/** "Clip 11" -> `clip:* & 11:*`: every typed word must begin a word of the title. Only letters and digits reach the query. */
export function searchQuery(words: string[]): string | null {
  const terms = words.flatMap((word) => word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return terms.length > 0 ? terms.map((term) => `${term}:*`).join(' & ') : null;
}

/** Labels of the listed rows, computed after ORDER BY/LIMIT (PostgreSQL evaluates such sub-selects on the final rows only). */
const LABELS_COLUMN = `(SELECT coalesce(json_agg(json_build_object('id', l.id::text, 'caption', l.caption) ORDER BY lower(l.caption), l.id), '[]')
   FROM project_version_labels pvl JOIN labels l ON l.id = pvl.label_id WHERE pvl.project_version_id = v.id) AS labels`;

/**
 * SQL for projects and their versions. The list query is built from the filters present (no
 * `$x IS NULL OR …` that would hide the indexes from the planner): it walks
 * project_versions_list_idx newest first and stops after one page, or, with a search, starts
 * from the full-text index when that is cheaper; the label filter is an EXISTS on
 * project_version_labels; the page's labels come in the same round trip.
 */
export class ProjectVersionRepository {
  readonly elements: ElementRepository;
  private labelsInstalled: Promise<boolean> | null = null;

  constructor(private readonly db: Database) {
    this.elements = new ElementRepository(db);
  }

  /** The labels plugin owns project_version_labels; without it the list has no labels and ignores the filter. */
  private hasLabels(): Promise<boolean> {
    this.labelsInstalled ??= this.db
      .query<{ ok: boolean }>(`SELECT to_regclass('project_version_labels') IS NOT NULL AS ok`)
      .then(({ rows }) => rows[0].ok);
    return this.labelsInstalled;
  }

  async ownerOf(projectVersionId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM project_versions v JOIN workspaces w ON w.id = v.workspace_id WHERE v.id = $1`,
      [projectVersionId],
    );
    return rows[0] ?? null;
  }

  /** A project with one version, optionally from an uploaded element that is in no project yet. Count +1. */
  async createProject(workspaceId: string, userId: string, title: string, elementId: string | null): Promise<{ versionId: string; numberOfProjects: number }> {
    return this.db.transaction(async (tx) => {
      let element: { durationMs: number; thumbnailKey: string | null } | null = null;
      if (elementId) {
        const { rows } = await tx.query<{ projectId: string | null; state: ElementState; durationMs: number; thumbnailKey: string | null }>(
          `SELECT project_id::text AS "projectId", state, duration_ms AS "durationMs", thumbnail_key AS "thumbnailKey"
           FROM elements WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
          [elementId, workspaceId],
        );
        if (rows.length === 0) throw httpError(404, 'not_found', PROJECTS_SERVER_MESSAGES.elementNotFound, 'elementId');
        if (rows[0].projectId) throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.elementAlreadyUsed, 'elementId');
        if (rows[0].state !== 'ready') throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.elementNotReady, 'elementId');
        element = rows[0];
      }
      const projectId = await this.insertProject(tx, workspaceId, userId, title);
      if (elementId) await tx.query('UPDATE elements SET project_id = $2, updated_at = now() WHERE id = $1', [elementId, projectId]);
      const versionId = await this.insertVersion(tx, { projectId, workspaceId, elementId, title, durationMs: element?.durationMs ?? 0, thumbnailKey: element?.thumbnailKey ?? null });
      return { versionId, numberOfProjects: await moveProjectCount(tx, workspaceId, 1) };
    });
  }

  /** One project + version + downloading element per link, all in one transaction; count + links. */
  async createFromLinks(workspaceId: string, userId: string, urls: string[], submitUrlIdentifier: string) {
    return this.db.transaction(async (tx) => {
      const created: { versionId: string; elementId: string }[] = [];
      for (const url of urls) {
        // The link is the title until the import knows the media's own title.
        const projectId = await this.insertProject(tx, workspaceId, userId, url);
        const elementId = await this.elements.insert(tx, { workspaceId, userId, title: url, state: 'downloading', projectId, sourceUrl: url, submitUrlIdentifier });
        const versionId = await this.insertVersion(tx, { projectId, workspaceId, elementId, title: url, durationMs: 0, thumbnailKey: null });
        created.push({ versionId, elementId });
      }
      return { created, numberOfProjects: await moveProjectCount(tx, workspaceId, urls.length) };
    });
  }

  private async insertProject(tx: Queryable, workspaceId: string, userId: string, title: string): Promise<string> {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO projects (workspace_id, title, created_by) VALUES ($1, $2, $3) RETURNING id::text AS id', [
      workspaceId,
      title,
      userId,
    ]);
    return rows[0].id;
  }

  private async insertVersion(
    tx: Queryable,
    v: { projectId: string; workspaceId: string; elementId: string | null; title: string; durationMs: number; thumbnailKey: string | null },
  ): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms, thumbnail_key)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      [v.projectId, v.workspaceId, v.elementId, v.title, v.durationMs, v.thumbnailKey],
    );
    return rows[0].id;
  }

  /** One page, newest first; fetches one row more than asked to know whether another page exists. */
  async list(query: ListQuery): Promise<{ rows: ProjectVersionRecord[]; hasMore: boolean }> {
    const params: unknown[] = [query.workspaceId];
    const where = ['v.workspace_id = $1'];
    const add = (value: unknown) => `$${params.push(value)}`;
    const withLabels = await this.hasLabels();
    if (query.labelIds.length > 0 && withLabels) {
      where.push(`EXISTS (SELECT 1 FROM project_version_labels pvl WHERE pvl.project_version_id = v.id AND pvl.label_id = ANY(${add(query.labelIds)}::bigint[]))`);
    }
    if (query.searchWords.length > 0) {
      const tsquery = searchQuery(query.searchWords);
      // Only punctuation typed: no word can match it.
      if (!tsquery) return { rows: [], hasMore: false };
      where.push(`${TITLE_WORDS} @@ to_tsquery('simple'::regconfig, ${add(tsquery)})`);
    }
    let offset = (query.page - 1) * query.perPage;
    if (query.after) {
      const position = `'epoch'::timestamptz + ${add(query.after[0])}::bigint * interval '1 microsecond'`;
      where.push(`(v.created_at, v.id) < (${position}, ${add(query.after[1])}::bigint)`);
      offset = 0;
    }
    const { rows } = await this.db.query<ProjectVersionRecord>(
      `SELECT ${VERSION_COLUMNS}${withLabels ? `, ${LABELS_COLUMN}` : ''} FROM project_versions v LEFT JOIN elements e ON e.id = v.element_id
       WHERE ${where.join(' AND ')} ORDER BY v.created_at DESC, v.id DESC LIMIT ${add(query.perPage + 1)} OFFSET ${add(offset)}`,
      params,
    );
    const hasMore = rows.length > query.perPage;
    const page = rows.slice(0, query.perPage);
    for (const row of page) row.labels ??= [];
    return { rows: page, hasMore };
  }

  /** Fresh rows for ids the client holds (ids of other workspaces or deleted ones are absent). */
  async byIds(workspaceId: string, ids: string[]): Promise<ProjectVersionRecord[]> {
    const { rows } = await this.db.query<ProjectVersionRecord>(
      `SELECT ${VERSION_COLUMNS} FROM project_versions v LEFT JOIN elements e ON e.id = v.element_id
       WHERE v.workspace_id = $1 AND v.id = ANY($2::bigint[]) ORDER BY v.created_at DESC, v.id DESC`,
      [workspaceId, ids],
    );
    await this.attachLabels(rows);
    return rows;
  }

  private async attachLabels(rows: ProjectVersionRecord[]): Promise<void> {
    for (const row of rows) row.labels = [];
    if (rows.length === 0 || !(await this.hasLabels())) return;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const { rows: links } = await this.db.query<{ versionId: string; id: string; caption: string }>(
      `SELECT pvl.project_version_id::text AS "versionId", l.id::text AS id, l.caption
       FROM project_version_labels pvl JOIN labels l ON l.id = pvl.label_id
       WHERE pvl.project_version_id = ANY($1::bigint[]) ORDER BY lower(l.caption)`,
      [[...byId.keys()]],
    );
    for (const link of links) byId.get(link.versionId)?.labels.push({ id: link.id, caption: link.caption });
  }

  /**
   * Deletes the workspace's versions among `ids` in one statement; a project left without
   * versions goes too, with its elements (their files are returned for removal after the commit).
   */
  async deleteVersions(workspaceId: string, ids: string[]): Promise<ElementDeletion> {
    const { rows } = await this.db.query<{ ids: string[] | null; keys: string[] | null; n: number | null }>(
      `WITH deleted AS (
         DELETE FROM project_versions WHERE workspace_id = $1 AND id = ANY($2::bigint[]) RETURNING id, project_id
       ), emptied AS (
         DELETE FROM projects p WHERE p.workspace_id = $1 AND p.id IN (SELECT project_id FROM deleted)
           AND NOT EXISTS (SELECT 1 FROM project_versions o WHERE o.project_id = p.id AND o.id NOT IN (SELECT id FROM deleted))
         RETURNING p.id
       ), gone_elements AS (
         DELETE FROM elements e WHERE e.workspace_id = $1 AND e.project_id IN (SELECT id FROM emptied) RETURNING storage_key, thumbnail_key
       ), counted AS (
         UPDATE workspaces SET number_of_projects = greatest(0, number_of_projects - (SELECT count(*) FROM deleted)::int)
         WHERE id = $1 RETURNING number_of_projects
       )
       SELECT (SELECT array_agg(id::text ORDER BY id) FROM deleted) AS ids,
              (SELECT array_agg(k) FROM gone_elements, LATERAL unnest(ARRAY[storage_key, thumbnail_key]) k WHERE k IS NOT NULL) AS keys,
              (SELECT number_of_projects FROM counted) AS n`,
      [workspaceId, ids],
    );
    return { projectVersionIds: rows[0].ids ?? [], keys: rows[0].keys ?? [], numberOfProjects: rows[0].n ?? 0 };
  }
}
