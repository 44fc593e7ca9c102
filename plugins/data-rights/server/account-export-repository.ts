import type { Queryable } from '../../../server/plugin-api';
import {
  DATA_RIGHTS_PATHS,
  EXPORT_KEEP_DAYS,
  type AccountExportResource,
  type AccountExportState,
} from '../common/data-rights-contract';

export interface AccountExportRecord {
  id: string;
  accountId: string;
  requestedBy: string | null;
  includeMedia: boolean;
  state: AccountExportState;
  progress: number;
  fileKey: string | null;
  fileName: string | null;
  sizeBytes: number | null;
  failure: string | null;
  createdAt: string | Date;
  expiresAt: string | Date | null;
}

const COLUMNS = `id::text AS id, account_id::text AS "accountId", requested_by::text AS "requestedBy",
  include_media AS "includeMedia", state, progress, file_key AS "fileKey", file_name AS "fileName",
  size_bytes::float8 AS "sizeBytes", failure, created_at AS "createdAt", expires_at AS "expiresAt"`;

export function accountExportResource(row: AccountExportRecord): AccountExportResource {
  const done = row.state === 'done';
  return {
    id: row.id,
    type: 'accountExport',
    attributes: {
      accountId: row.accountId,
      state: row.state,
      progress: done ? 1 : Math.max(0, Math.min(1, Number(row.progress) || 0)),
      includeMedia: row.includeMedia,
      fileName: done ? row.fileName : null,
      sizeBytes: done ? row.sizeBytes : null,
      downloadUrl: done ? DATA_RIGHTS_PATHS.download(row.id) : null,
      failure: row.state === 'failed' ? row.failure : null,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: done && row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
    },
  };
}

/** The data_rights_exports table: an account's exports, newest first. */
export class AccountExportRepository {
  constructor(private readonly db: Queryable) {}

  async create(accountId: string, requestedBy: string, includeMedia: boolean): Promise<AccountExportRecord> {
    const { rows } = await this.db.query<AccountExportRecord>(
      `INSERT INTO data_rights_exports (account_id, requested_by, include_media) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [accountId, requestedBy, includeMedia],
    );
    return rows[0];
  }

  async find(id: string, accountId?: string): Promise<AccountExportRecord | null> {
    const { rows } = await this.db.query<AccountExportRecord>(
      `SELECT ${COLUMNS} FROM data_rights_exports WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2)`,
      [id, accountId ?? null],
    );
    return rows[0] ?? null;
  }

  async list(accountId: string): Promise<AccountExportRecord[]> {
    const { rows } = await this.db.query<AccountExportRecord>(
      `SELECT ${COLUMNS} FROM data_rights_exports WHERE account_id = $1 ORDER BY id DESC LIMIT 20`,
      [accountId],
    );
    return rows;
  }

  async unfinished(accountId: string): Promise<AccountExportRecord | null> {
    const { rows } = await this.db.query<AccountExportRecord>(
      `SELECT ${COLUMNS} FROM data_rights_exports WHERE account_id = $1 AND state IN ('queued', 'running') LIMIT 1`,
      [accountId],
    );
    return rows[0] ?? null;
  }

  /** queued|running -> running; false when it is finished already (a job delivered twice). */
  async start(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE data_rights_exports SET state = 'running', progress = 0 WHERE id = $1 AND state IN ('queued', 'running')`,
      [id],
    );
    return rowCount > 0;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db.query(`UPDATE data_rights_exports SET progress = $2 WHERE id = $1 AND state = 'running'`, [
      id,
      progress,
    ]);
  }

  async finish(id: string, file: { key: string; name: string; size: number }, now = new Date()): Promise<boolean> {
    const expires = new Date(now.getTime() + EXPORT_KEEP_DAYS * 86_400_000);
    const { rowCount } = await this.db.query(
      `UPDATE data_rights_exports SET state = 'done', progress = 1, file_key = $2, file_name = $3, size_bytes = $4,
         finished_at = $5, expires_at = $6 WHERE id = $1 AND state = 'running'`,
      [id, file.key, file.name, file.size, now, expires],
    );
    return rowCount > 0;
  }

  async fail(id: string, failure: string): Promise<void> {
    await this.db.query(`UPDATE data_rights_exports SET state = 'failed', failure = $2 WHERE id = $1`, [id, failure]);
  }

  /** Finished exports whose 7 days are over at `now`: their files are removed, the rows say so. */
  async expired(now: Date): Promise<AccountExportRecord[]> {
    const { rows } = await this.db.query<AccountExportRecord>(
      `SELECT ${COLUMNS} FROM data_rights_exports WHERE state = 'done' AND expires_at <= $1 ORDER BY id LIMIT 500`,
      [now],
    );
    return rows;
  }

  async markExpired(id: string): Promise<void> {
    await this.db.query(`UPDATE data_rights_exports SET state = 'expired', file_key = NULL WHERE id = $1`, [id]);
  }
}
