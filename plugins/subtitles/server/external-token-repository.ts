import { createHash, randomBytes } from 'node:crypto';
import type { Queryable, TenantOwner } from '../../../server/plugin-api';

export interface ExternalTokenRecord {
  id: string;
  subtitleId: string;
  createdAt: Date;
  createdByName: string | null;
}

/** What a live share link opens: the subtitle, its version's title and duration, and the media file. */
export interface SharedSubtitle {
  subtitleId: string;
  language: string;
  title: string;
  durationMs: number;
  storageKey: string | null;
}

/** 32 random bytes, base64url: 43 characters, 256 bits; only its SHA-256 is stored. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

const COLUMNS = `t.id::text AS id, t.subtitle_id::text AS "subtitleId", t.created_at AS "createdAt",
  nullif(trim(concat_ws(' ', u.name, u.last_name)), '') AS "createdByName"`;

/** SQL for share links (spec "External token"); every read and write is scoped by workspace except the public lookup. */
export class ExternalTokenRepository {
  constructor(private readonly db: Queryable) {}

  async ownerOf(externalTokenId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM external_tokens t JOIN workspaces w ON w.id = t.workspace_id WHERE t.id = $1`,
      [externalTokenId],
    );
    return rows[0] ?? null;
  }

  /** A new link for the workspace's subtitle; null when the subtitle is not the workspace's. */
  async create(
    workspaceId: string,
    subtitleId: string,
    userId: string,
  ): Promise<{ token: string; record: ExternalTokenRecord } | null> {
    const token = newShareToken();
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO external_tokens (subtitle_id, workspace_id, token_hash, created_by)
       SELECT s.id, s.workspace_id, $3, $4 FROM subtitles s WHERE s.id = $1 AND s.workspace_id = $2 RETURNING id::text AS id`,
      [subtitleId, workspaceId, hashShareToken(token), userId],
    );
    if (rows.length === 0) return null;
    const [record] = await this.list(workspaceId, subtitleId, rows[0].id);
    return { token, record };
  }

  /** Active links of a subtitle, newest first. */
  async list(workspaceId: string, subtitleId: string, onlyId?: string): Promise<ExternalTokenRecord[]> {
    const params: unknown[] = [workspaceId, subtitleId];
    const only = onlyId ? `AND t.id = $${params.push(onlyId)}` : '';
    const { rows } = await this.db.query<ExternalTokenRecord>(
      `SELECT ${COLUMNS} FROM external_tokens t LEFT JOIN users u ON u.id = t.created_by
       WHERE t.workspace_id = $1 AND t.subtitle_id = $2 AND t.revoked_at IS NULL ${only} ORDER BY t.created_at DESC, t.id DESC`,
      params,
    );
    return rows;
  }

  /** Revokes the link (idempotent); false when it is not the workspace's. */
  async revoke(workspaceId: string, externalTokenId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE external_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND workspace_id = $2 RETURNING id`,
      [externalTokenId, workspaceId],
    );
    return rows.length > 0;
  }

  /** The public lookup: a live token's subtitle, or null for anything else (unknown, revoked, malformed). */
  async findShared(token: string): Promise<SharedSubtitle | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const { rows } = await this.db.query<SharedSubtitle>(
      `SELECT s.id::text AS "subtitleId", s.language, v.title, v.duration_ms AS "durationMs",
              CASE WHEN e.state = 'ready' THEN e.storage_key END AS "storageKey"
       FROM external_tokens t JOIN subtitles s ON s.id = t.subtitle_id JOIN project_versions v ON v.id = s.project_version_id
       LEFT JOIN elements e ON e.id = v.element_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND v.deleted_at IS NULL`,
      [hashShareToken(token)],
    );
    return rows[0] ?? null;
  }
}
