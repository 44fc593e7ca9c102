import { randomBytes } from 'node:crypto';
import { CSRF_HEADER } from '../../core/common/csrf';
import type { Queryable } from '../../server/db/database';
import { hashToken, SESSION_COOKIE } from '../../server/http/sessions';

/**
 * A logged-in member written straight into the database (user, account, workspace, access,
 * session), for tests and benchmarks that drive a server they started as separate processes.
 * No vitest import: the pipeline benchmark harness uses it too.
 */
export interface SeededMember {
  userId: string;
  workspaceId: string;
  /** Headers of an authenticated call with a CSRF token (writes need it). */
  headers: Record<string, string>;
}

const insertId = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;

export async function seedMember(db: Queryable): Promise<SeededMember> {
  const hex = randomBytes(5).toString('hex');
  const userId = await insertId(
    db,
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', 'Member', now(), 'processed')`,
    [`pipeline.${hex}@example.com`],
  );
  const accountId = await insertId(db, 'INSERT INTO accounts (name) VALUES ($1)', [`Account ${hex}`]);
  const workspaceId = await insertId(db, 'INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [
    accountId,
    `Workspace ${hex}`,
  ]);
  const accountUserId = await insertId(
    db,
    `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin')`,
    [accountId, userId],
  );
  await db.query(
    `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
    [workspaceId, accountUserId],
  );
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [hashToken(token), userId, csrf],
  );
  return {
    userId,
    workspaceId,
    headers: { cookie: `${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: csrf, 'content-type': 'application/json' },
  };
}
