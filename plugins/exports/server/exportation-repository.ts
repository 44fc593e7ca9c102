import type { Queryable, TenantOwner } from '../../../server/plugin-api';
import {
  EXPORTS_PATHS,
  type ExportationResource,
  type ExportFormat,
  type ExportKind,
  type ExportState,
} from '../common/exports-contract';

/** What was asked, kept with the row so a retried job does the same work. */
export interface ExportOptions {
  subtitleId?: string;
  format?: ExportFormat;
  themeId?: string | null;
  language?: string;
}

export interface ExportationRecord {
  id: string;
  workspaceId: string;
  projectVersionId: string;
  userId: string | null;
  kind: ExportKind;
  options: ExportOptions;
  title: string;
  state: ExportState;
  progress: number;
  failure: string | null;
  fileKey: string | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  createdAt: string | Date;
}

const COLUMNS = `id::text AS id, workspace_id::text AS "workspaceId", project_version_id::text AS "projectVersionId", user_id::text AS "userId",
  kind, options, title, state, progress, failure, file_key AS "fileKey", file_name AS "fileName", content_type AS "contentType",
  size_bytes::float8 AS "sizeBytes", created_at AS "createdAt"`;

export function exportationResource(row: ExportationRecord): ExportationResource {
  const done = row.state === 'done';
  return {
    id: row.id,
    type: 'exportation',
    attributes: {
      kind: row.kind,
      projectVersionId: row.projectVersionId,
      title: row.title,
      state: row.state,
      progress: done ? 1 : Math.max(0, Math.min(1, Number(row.progress) || 0)),
      failure: row.state === 'failed' ? row.failure : null,
      downloadUrl: done ? EXPORTS_PATHS.download(row.id) : null,
      fileName: done ? row.fileName : null,
      sizeBytes: done ? row.sizeBytes : null,
      createdAt: new Date(row.createdAt).toISOString(),
    },
  };
}

/** SQL of the exportations table; every statement of a request is scoped by the caller's workspace. */
export class ExportationRepository {
  constructor(private readonly db: Queryable) {}

  async create(input: {
    workspaceId: string;
    projectVersionId: string;
    userId: string;
    kind: ExportKind;
    options: ExportOptions;
    title: string;
  }): Promise<ExportationRecord> {
    const { rows } = await this.db.query<ExportationRecord>(
      `INSERT INTO exportations (workspace_id, project_version_id, user_id, kind, options, title) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [input.workspaceId, input.projectVersionId, input.userId, input.kind, JSON.stringify(input.options), input.title],
    );
    return rows[0];
  }

  async ownerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM exportations e JOIN workspaces w ON w.id = e.workspace_id WHERE e.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async find(id: string, workspaceId?: string): Promise<ExportationRecord | null> {
    const { rows } = await this.db.query<ExportationRecord>(
      `SELECT ${COLUMNS} FROM exportations WHERE id = $1${workspaceId ? ' AND workspace_id = $2' : ''}`,
      workspaceId ? [id, workspaceId] : [id],
    );
    return rows[0] ?? null;
  }

  /** Rows among `ids`, in the order asked (unknown ids left out); the caller filters by workspace access. */
  async findMany(ids: string[]): Promise<ExportationRecord[]> {
    const { rows } = await this.db.query<ExportationRecord>(
      `SELECT ${COLUMNS} FROM exportations WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Starts (or restarts, after a lost worker) an unfinished export; false when it is already finished. */
  async start(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE exportations SET state = 'running', progress = 0, updated_at = now() WHERE id = $1 AND state IN ('queued', 'running')`,
      [id],
    );
    return rowCount > 0;
  }

  /** The running export's worker is alive (the watchdog reads updated_at). */
  async touch(id: string): Promise<void> {
    await this.db.query(`UPDATE exportations SET updated_at = now() WHERE id = $1 AND state = 'running'`, [id]);
  }

  /** A running export silent for `staleSeconds`, claimed for sending again (true once per silence). */
  async claimSilent(id: string, staleSeconds: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE exportations SET updated_at = now() WHERE id = $1 AND state = 'running' AND updated_at < now() - make_interval(secs => $2)`,
      [id, staleSeconds],
    );
    return rowCount > 0;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db.query(
      `UPDATE exportations SET progress = $2, updated_at = now() WHERE id = $1 AND state = 'running'`,
      [id, progress],
    );
  }

  /** The file is in storage; true only for the invocation that finished it (so one mail is sent). */
  async finish(id: string, file: { key: string; name: string; contentType: string; size: number }): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE exportations SET state = 'done', progress = 1, failure = NULL, file_key = $2, file_name = $3, content_type = $4, size_bytes = $5,
         updated_at = now(), finished_at = now() WHERE id = $1 AND state IN ('queued', 'running')`,
      [id, file.key, file.name, file.contentType, file.size],
    );
    return rowCount > 0;
  }

  async fail(id: string, message: string): Promise<void> {
    await this.db.query(
      `UPDATE exportations SET state = 'failed', failure = $2, updated_at = now(), finished_at = now() WHERE id = $1 AND state IN ('queued', 'running')`,
      [id, message.slice(0, 1000)],
    );
  }
}
