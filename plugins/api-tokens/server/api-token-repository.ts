import { createHash, randomBytes } from 'node:crypto';
import { namedStatement, workspaceStandingSql, type Queryable, type TenantStanding } from '../../../server/plugin-api';
import { API_TOKEN_PREFIX, type ApiTokenAttributes, type ApiTokenScope } from '../common/api-tokens-contract';

export interface ApiTokenRow extends ApiTokenAttributes {
  id: string;
}

/** The token's owner and limits as the authenticator needs them, in one round trip. */
export interface TokenGrant {
  id: string;
  userId: string;
  email: string;
  confirmed: boolean;
  accountId: string;
  workspaceId: string | null;
  scope: ApiTokenScope;
  lastUsedAt: Date | null;
  /** Only when asked for a workspace: the person's standing there (null: none). */
  standing?: TenantStanding | null;
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `pcu_` + 256 random bits, base64url (43 characters). */
export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const COLUMNS = `t.id::text AS id, t.name, t.prefix, t.scope, t.account_id::text AS "accountId",
  t.workspace_id::text AS "workspaceId", w.name AS "workspaceName",
  to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  to_char(t.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt",
  to_char(t.last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastUsedAt"`;

const GRANT = `SELECT t.id::text AS id, t.user_id::text AS "userId", u.email, u.confirmed_at IS NOT NULL AS confirmed,
          t.account_id::text AS "accountId", t.workspace_id::text AS "workspaceId", t.scope, t.last_used_at AS "lastUsedAt"`;
const LIVE = `t.token_hash = $1 AND (t.expires_at IS NULL OR t.expires_at > now())`;

/** Every API call with a token runs one of these: prepared statements on the unique hash. */
const GRANT_BY_HASH = namedStatement(
  'api_token_grant_by_hash',
  `${GRANT} FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE ${LIVE}`,
);
/**
 * The same, bringing the person's standing in the workspace the route names along (as the
 * session lookup does for the browser): the most frequent calls (lists) then cost one round trip
 * before their own query, not two.
 */
const GRANT_WITH_STANDING = namedStatement(
  'api_token_grant_with_standing',
  `${GRANT}, to_json(st) AS standing FROM api_tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN LATERAL (${workspaceStandingSql('t.user_id', '$2')}) st ON true
    WHERE ${LIVE}`,
);

export class ApiTokenRepository {
  constructor(private readonly db: Queryable) {}

  /** One token's row by id (for the token asking about itself). */
  async byId(id: string): Promise<ApiTokenRow | null> {
    const { rows } = await this.db.query<ApiTokenRow>(
      `SELECT ${COLUMNS} FROM api_tokens t LEFT JOIN workspaces w ON w.id = t.workspace_id WHERE t.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async list(userId: string, accountId: string): Promise<ApiTokenRow[]> {
    const { rows } = await this.db.query<ApiTokenRow>(
      `SELECT ${COLUMNS} FROM api_tokens t LEFT JOIN workspaces w ON w.id = t.workspace_id
        WHERE t.user_id = $1 AND t.account_id = $2 ORDER BY t.created_at DESC, t.id DESC`,
      [userId, accountId],
    );
    return rows;
  }

  /** Stores the hash of a new token and returns the row with the secret (shown once). */
  async create(input: {
    userId: string;
    accountId: string;
    workspaceId: string | null;
    name: string;
    scope: ApiTokenScope;
    expiresInDays: number | null;
  }): Promise<ApiTokenRow & { token: string }> {
    const token = newApiToken();
    const prefix = token.slice(0, API_TOKEN_PREFIX.length + 6);
    const { rows } = await this.db.query<ApiTokenRow>(
      `WITH t AS (
         INSERT INTO api_tokens (user_id, account_id, workspace_id, name, scope, token_hash, prefix, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::int IS NULL THEN NULL ELSE now() + make_interval(days => $8::int) END)
         RETURNING *)
       SELECT ${COLUMNS} FROM t LEFT JOIN workspaces w ON w.id = t.workspace_id`,
      [
        input.userId,
        input.accountId,
        input.workspaceId,
        input.name,
        input.scope,
        hashApiToken(token),
        prefix,
        input.expiresInDays,
      ],
    );
    return { ...rows[0], token };
  }

  /** Deletes the caller's own token; what it was (for the audit log), or null when it is not theirs (or not there). */
  async revoke(
    userId: string,
    id: string,
  ): Promise<{ id: string; accountId: string; name: string; scope: string; workspaceId: string | null } | null> {
    const { rows } = await this.db.query<{
      id: string;
      accountId: string;
      name: string;
      scope: string;
      workspaceId: string | null;
    }>(
      `DELETE FROM api_tokens WHERE id = $1 AND user_id = $2
       RETURNING id::text AS id, account_id::text AS "accountId", name, scope, workspace_id::text AS "workspaceId"`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  async ownerOf(id: string): Promise<{ accountId: string } | null> {
    const { rows } = await this.db.query<{ accountId: string }>(
      'SELECT account_id::text AS "accountId" FROM api_tokens WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  /** A live (unexpired, unrevoked) token's grant, or null; with `workspaceId`, its person's standing there. */
  async grantOf(token: string, workspaceId: string | null = null): Promise<TokenGrant | null> {
    const { rows } = await this.db.query<TokenGrant>(
      workspaceId ? GRANT_WITH_STANDING : GRANT_BY_HASH,
      workspaceId ? [hashApiToken(token), workspaceId] : [hashApiToken(token)],
    );
    const grant = rows[0];
    if (grant && workspaceId) grant.standing ??= null;
    return grant ?? null;
  }

  async touch(id: string): Promise<void> {
    await this.db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [id]);
  }
}
