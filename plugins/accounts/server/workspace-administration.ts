import {
  WORKSPACE_COLUMNS,
  type Database,
  type EventPublisher,
  type Queryable,
  type TenantOwner,
  type WorkspaceAccessType,
  type WorkspaceRecord,
} from '../../../server/plugin-api';
import { LOCK_ACCOUNT, tenancyRuleBroken } from './tenancy-rules';
import { WORKSPACE_ACCESS_GRANTED, WORKSPACE_ACCESS_REMOVED, WORKSPACES_DELETED } from '../common/account-events';

export interface WorkspaceUserRecord {
  id: string;
  accessType: WorkspaceAccessType;
  accountUserId: string;
  workspaceId: string;
  workspaceName: string;
}

export const WORKSPACE_USER_COLUMNS = `wu.id::text AS id, wu.access_type AS "accessType", wu.account_user_id::text AS "accountUserId",
  w.id::text AS "workspaceId", w.name AS "workspaceName"`;

/** Every admin of the account gets `account_admin` access to the given workspaces (docs/product-contract.md#states-and-transitions). */
export async function grantAdminsAccess(
  tx: Queryable,
  accountId: string,
  filter: { workspaceId?: string; accountUserId?: string } = {},
) {
  await tx.query(
    `INSERT INTO workspace_users (workspace_id, account_user_id, access_type)
     SELECT w.id, au.id, 'account_admin' FROM workspaces w JOIN account_users au ON au.account_id = w.account_id
     WHERE w.account_id = $1 AND au.role = 'admin'
       AND ($2::bigint IS NULL OR w.id = $2::bigint) AND ($3::bigint IS NULL OR au.id = $3::bigint)
     ON CONFLICT (workspace_id, account_user_id) DO UPDATE SET access_type = 'account_admin'`,
    [accountId, filter.workspaceId ?? null, filter.accountUserId ?? null],
  );
}

/**
 * Writes on workspaces and workspace access. Every statement is scoped by the account the caller
 * was authorised for (server/authz), so ids of another account in a request are not touched.
 */
export class WorkspaceAdministration {
  constructor(
    private readonly db: Database,
    /** Where deletions and access changes publish their events (in their transaction). */
    private readonly events: EventPublisher | null = null,
  ) {}

  /** New workspaces come first in lists (newest first) and every admin gets access to them. */
  async createWorkspace(accountId: string, name: string): Promise<WorkspaceRecord> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO workspaces (account_id, name) VALUES ($1, $2) RETURNING id::text AS id',
        [accountId, name],
      );
      await grantAdminsAccess(tx, accountId, { workspaceId: rows[0].id });
      return (await this.findWorkspace(accountId, rows[0].id, tx))!;
    });
  }

  async findWorkspace(
    accountId: string,
    workspaceId: string,
    tx: Queryable = this.db,
  ): Promise<WorkspaceRecord | null> {
    const { rows } = await tx.query<WorkspaceRecord>(
      `SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE w.id = $1 AND w.account_id = $2`,
      [workspaceId, accountId],
    );
    return rows[0] ?? null;
  }

  async renameWorkspace(accountId: string, workspaceId: string, name: string): Promise<WorkspaceRecord | null> {
    await this.db.query('UPDATE workspaces SET name = $3, updated_at = now() WHERE id = $1 AND account_id = $2', [
      workspaceId,
      accountId,
      name,
    ]);
    return this.findWorkspace(accountId, workspaceId);
  }

  /** Deletes the account's workspaces among `ids`; refuses to delete the account's last one. */
  async deleteWorkspaces(accountId: string, ids: string[]): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK_ACCOUNT, [accountId]);
      const { rows: left } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM workspaces WHERE account_id = $1 AND NOT (id = ANY($2::bigint[]))',
        [accountId, ids],
      );
      if (left[0].n === 0) throw tenancyRuleBroken('lastWorkspaceDeleted');
      const { rows } = await tx.query<{ id: string }>(
        'DELETE FROM workspaces WHERE account_id = $1 AND id = ANY($2::bigint[]) RETURNING id::text AS id',
        [accountId, ids],
      );
      const deleted = rows.map((r) => r.id);
      if (deleted.length) await this.events?.publish(tx, WORKSPACES_DELETED, { workspaceIds: deleted }, { accountId });
      return deleted;
    });
  }

  /** Grants `member` access for every pair of the account's users and workspaces; existing access is kept. */
  async grantAccess(
    accountId: string,
    accountUserIds: string[],
    workspaceIds: string[],
  ): Promise<WorkspaceUserRecord[]> {
    return this.db.transaction(async (tx) => {
      const pairs = `FROM account_users au JOIN workspaces w ON w.account_id = au.account_id
        WHERE au.account_id = $1 AND au.id = ANY($2::bigint[]) AND w.id = ANY($3::bigint[])`;
      const { rows: added } = await tx.query<{ id: string }>(
        `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) SELECT w.id, au.id, 'member' ${pairs}
         ON CONFLICT (workspace_id, account_user_id) DO NOTHING RETURNING id::text AS id`,
        [accountId, accountUserIds, workspaceIds],
      );
      if (added.length)
        await this.events?.publish(
          tx,
          WORKSPACE_ACCESS_GRANTED,
          { workspaceUserIds: added.map((row) => row.id) },
          { accountId },
        );
      const { rows } = await tx.query<WorkspaceUserRecord>(
        `SELECT ${WORKSPACE_USER_COLUMNS}
         FROM workspace_users wu JOIN workspaces w ON w.id = wu.workspace_id JOIN account_users au ON au.id = wu.account_user_id
         WHERE au.account_id = $1 AND w.account_id = $1 AND au.id = ANY($2::bigint[]) AND w.id = ANY($3::bigint[])
         ORDER BY au.id, w.created_at DESC, w.id DESC`,
        [accountId, accountUserIds, workspaceIds],
      );
      return rows;
    });
  }

  /** Removes granted access; an admin's `account_admin` access goes only with their admin role. */
  async removeAccess(accountId: string, workspaceUserId: string): Promise<WorkspaceUserRecord | null> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<WorkspaceUserRecord>(
        `SELECT ${WORKSPACE_USER_COLUMNS} FROM workspace_users wu JOIN workspaces w ON w.id = wu.workspace_id
         WHERE wu.id = $1 AND w.account_id = $2`,
        [workspaceUserId, accountId],
      );
      const found = rows[0];
      if (!found) return null;
      if (found.accessType === 'account_admin') throw tenancyRuleBroken('adminAccessFixed');
      await tx.query('DELETE FROM workspace_users WHERE id = $1', [workspaceUserId]);
      await this.events?.publish(
        tx,
        WORKSPACE_ACCESS_REMOVED,
        { workspaceUserId, accountUserId: found.accountUserId, workspaceId: found.workspaceId },
        { accountId, workspaceId: found.workspaceId },
      );
      return found;
    });
  }

  /** Owner of a workspace_users row, for the `workspaceUser` tenant resource. */
  async ownerOfWorkspaceUser(workspaceUserId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId"
       FROM workspace_users wu JOIN workspaces w ON w.id = wu.workspace_id WHERE wu.id = $1`,
      [workspaceUserId],
    );
    return rows[0] ?? null;
  }
}
