import { namedStatement, type Queryable } from '../db/database';
import { WORKSPACE_REVISION_COLUMNS, WORKSPACE_REVISION_JOIN } from './workspace-revision';

/**
 * Every tenancy rule lives here: who belongs to which account, and which workspaces a member may
 * open. Authorization of every feature builds on these queries, so a rule changes in one place.
 *
 * - An account user with role `admin` sees every workspace of the account.
 * - A `member` sees only the workspaces where a `workspace_users` row names them.
 * - Someone who is not in `account_users` sees nothing of the account (routes answer 404).
 */
export type AccountRole = 'admin' | 'member' | 'reviewer';
/** `account_admin`: every admin has it on every workspace (kept in sync here); `member`: granted by an admin. */
export type WorkspaceAccessType = 'account_admin' | 'member';

/** Who owns a row: its account, and its workspace when it lives inside one. */
export interface TenantOwner {
  accountId?: string;
  workspaceId?: string;
}

/** The caller's standing in an account (and in one of its workspaces), read fresh on every request. */
export interface TenantStanding {
  accountId: string;
  accountUserId: string;
  accountRole: AccountRole;
  workspaceId?: string;
  accessType?: WorkspaceAccessType;
  /** Workspace routes only: see workspace-revision.ts. */
  workspaceRevision?: string;
  workspaceChangeRows?: number;
}

export interface AccountMembership {
  accountId: string;
  accountUserId: string;
  name: string;
  avatarKey: string | null;
  role: AccountRole;
  lastUsedWorkspaceId: string | null;
  subscriptionIsCurrent: boolean;
}

export interface WorkspaceRecord {
  id: string;
  accountId: string;
  name: string;
  numberOfProjects: number;
}

export interface WorkspaceAccess {
  workspaceId: string;
  accountId: string;
  accountUserId: string;
}

export interface AccountOwner {
  id: string;
  email: string;
  name: string;
}

export const PERSONAL_WORKSPACE_NAME = 'My workspace';

/** "Ada Lovelace" -> "Ada's account"; no name -> the e-mail's local part ("ada.l's account"). */
export function personalAccountName(user: AccountOwner): string {
  const firstName = user.name.trim().split(/\s+/)[0];
  const owner = firstName || user.email.split('@')[0] || user.email;
  return `${owner}'s account`;
}

export const WORKSPACE_COLUMNS =
  'w.id::text AS id, w.account_id::text AS "accountId", w.name, w.number_of_projects AS "numberOfProjects"';

/** Workspaces the account user may open: all of the account for an admin, granted ones for a member. */
export const VISIBLE_WORKSPACE = `
  (au.role = 'admin' OR EXISTS (
    SELECT 1 FROM workspace_users wu WHERE wu.workspace_id = w.id AND wu.account_user_id = au.id))`;

/** Every request to an account route runs this (server/authz): a prepared statement. */
const ACCOUNT_STANDING = namedStatement(
  'account_standing',
  `SELECT account_id::text AS "accountId", id::text AS "accountUserId", role AS "accountRole"
   FROM account_users WHERE user_id = $1 AND account_id = $2`,
);

/**
 * A user's standing in one workspace they may open (no row otherwise), with the workspace
 * revision; `user` and `workspace` are SQL expressions (parameters or columns).
 */
export function workspaceStandingSql(user: string, workspace: string): string {
  return `SELECT w.account_id::text AS "accountId", au.id::text AS "accountUserId", au.role AS "accountRole",
              w.id::text AS "workspaceId",
              CASE WHEN au.role = 'admin' THEN 'account_admin' ELSE own.access_type END AS "accessType",
              ${WORKSPACE_REVISION_COLUMNS}
       FROM workspaces w
       JOIN account_users au ON au.account_id = w.account_id AND au.user_id = ${user}
       LEFT JOIN workspace_users own ON own.workspace_id = w.id AND own.account_user_id = au.id
       ${WORKSPACE_REVISION_JOIN}
       WHERE w.id = ${workspace} AND ${VISIBLE_WORKSPACE}`;
}

/** Every request to a workspace route runs this (server/authz), unless the session lookup brought it: a prepared statement. */
const WORKSPACE_STANDING = namedStatement('workspace_standing', workspaceStandingSql('$1', '$2'));

export class TenancyRepository {
  constructor(private readonly db: Queryable) {}

  /** Sign-up: the user's own account with one workspace, the user its admin. Run inside the sign-up transaction. */
  async createPersonalAccount(tx: Queryable, user: AccountOwner): Promise<{ accountId: string; workspaceId: string }> {
    const account = await tx.query<{ id: string }>('INSERT INTO accounts (name) VALUES ($1) RETURNING id::text AS id', [
      personalAccountName(user),
    ]);
    const accountId = account.rows[0].id;
    const workspace = await tx.query<{ id: string }>(
      'INSERT INTO workspaces (account_id, name) VALUES ($1, $2) RETURNING id::text AS id',
      [accountId, PERSONAL_WORKSPACE_NAME],
    );
    const workspaceId = workspace.rows[0].id;
    const accountUser = await tx.query<{ id: string }>(
      `INSERT INTO account_users (account_id, user_id, role, last_used_workspace_id) VALUES ($1, $2, 'admin', $3)
       RETURNING id::text AS id`,
      [accountId, user.id, workspaceId],
    );
    await tx.query(
      `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
      [workspaceId, accountUser.rows[0].id],
    );
    await tx.query('UPDATE users SET last_used_account_id = $2, last_used_workspace_id = $3 WHERE id = $1', [
      user.id,
      accountId,
      workspaceId,
    ]);
    return { accountId, workspaceId };
  }

  /** The accounts the user belongs to, oldest membership first (the personal account leads). */
  async listAccountsForUser(userId: string): Promise<AccountMembership[]> {
    const { rows } = await this.db.query<AccountMembership>(
      `SELECT a.id::text AS "accountId", au.id::text AS "accountUserId", a.name, a.avatar_key AS "avatarKey", au.role,
              au.last_used_workspace_id::text AS "lastUsedWorkspaceId", a.subscription_is_current AS "subscriptionIsCurrent"
       FROM account_users au JOIN accounts a ON a.id = au.account_id
       WHERE au.user_id = $1
       ORDER BY au.created_at, au.id`,
      [userId],
    );
    return rows;
  }

  async findMembership(userId: string, accountId: string): Promise<AccountMembership | null> {
    const { rows } = await this.db.query<AccountMembership>(
      `SELECT a.id::text AS "accountId", au.id::text AS "accountUserId", a.name, a.avatar_key AS "avatarKey", au.role,
              au.last_used_workspace_id::text AS "lastUsedWorkspaceId", a.subscription_is_current AS "subscriptionIsCurrent"
       FROM account_users au JOIN accounts a ON a.id = au.account_id
       WHERE au.user_id = $1 AND au.account_id = $2`,
      [userId, accountId],
    );
    return rows[0] ?? null;
  }

  /** Workspaces of the account the user may open, newest first; null when the user is not a member. */
  async listWorkspacesForUser(userId: string, accountId: string): Promise<WorkspaceRecord[] | null> {
    const membership = await this.findMembership(userId, accountId);
    if (!membership) return null;
    const { rows } = await this.db.query<WorkspaceRecord>(
      `SELECT ${WORKSPACE_COLUMNS}
       FROM workspaces w JOIN account_users au ON au.account_id = w.account_id
       WHERE au.id = $1 AND ${VISIBLE_WORKSPACE}
       ORDER BY w.created_at DESC, w.id DESC`,
      [membership.accountUserId],
    );
    return rows;
  }

  /** The user's access to one workspace, or null (unknown, another tenant's, or not granted). */
  async findWorkspaceAccess(userId: string, workspaceId: string): Promise<WorkspaceAccess | null> {
    const { rows } = await this.db.query<WorkspaceAccess>(
      `SELECT w.id::text AS "workspaceId", w.account_id::text AS "accountId", au.id::text AS "accountUserId"
       FROM workspaces w JOIN account_users au ON au.account_id = w.account_id AND au.user_id = $1
       WHERE w.id = $2 AND ${VISIBLE_WORKSPACE}`,
      [userId, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** The caller's role in the account, or null when they are not one of its users. */
  async findAccountStanding(userId: string, accountId: string): Promise<TenantStanding | null> {
    const { rows } = await this.db.query<TenantStanding>(ACCOUNT_STANDING, [userId, accountId]);
    return rows[0] ?? null;
  }

  /**
   * The caller's standing in a workspace they may open, or null (unknown, another tenant's, or a
   * member without access). Admins always hold `account_admin` access, row or not.
   */
  async findWorkspaceStanding(userId: string, workspaceId: string): Promise<TenantStanding | null> {
    const { rows } = await this.db.query<TenantStanding>(WORKSPACE_STANDING, [userId, workspaceId]);
    return rows[0] ?? null;
  }

  /** The account a call without an account id acts in: the last used one if still a member, else the first. */
  async defaultAccountId(userId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT au.account_id::text AS id FROM account_users au JOIN users u ON u.id = au.user_id
       WHERE au.user_id = $1
       ORDER BY COALESCE(au.account_id = u.last_used_account_id, false) DESC, au.created_at, au.id LIMIT 1`,
      [userId],
    );
    return rows[0]?.id ?? null;
  }

  /** Remembers the workspace per account (docs/product-contract.md#states-and-transitions: "the account's last used workspace"). */
  async setLastUsedWorkspace(access: WorkspaceAccess): Promise<void> {
    await this.db.query('UPDATE account_users SET last_used_workspace_id = $2 WHERE id = $1', [
      access.accountUserId,
      access.workspaceId,
    ]);
  }
}
