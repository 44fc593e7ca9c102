import type { AccountRole, Database, EventPublisher, TenantOwner } from '../../../server/plugin-api';
import { ACCOUNT_MEMBER_REMOVED, ACCOUNT_MEMBER_ROLE_CHANGED } from '../common/account-events';
import { LOCK_ACCOUNT, tenancyRuleBroken } from './tenancy-rules';
import { grantAdminsAccess } from './workspace-administration';

/**
 * Writes on an account and its users: name, avatar, roles, removal. Every statement is scoped by
 * the account the caller was authorised for (server/authz); the last-admin guard runs inside the
 * transaction, under a lock on the account row, so two admins demoting each other cannot both win.
 */
export class AccountAdministration {
  constructor(
    private readonly db: Database,
    /** Where a removal publishes accounts.memberRemoved (in the transaction removing them). */
    private readonly events: EventPublisher | null = null,
  ) {}

  async renameAccount(accountId: string, name: string): Promise<void> {
    await this.db.query('UPDATE accounts SET name = $2, updated_at = now() WHERE id = $1', [accountId, name]);
  }

  /** Stores the new avatar's key and returns the previous one (the caller deletes its file). */
  async replaceAvatarKey(accountId: string, key: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ key: string | null }>(
        'SELECT avatar_key AS key FROM accounts WHERE id = $1 FOR UPDATE',
        [accountId],
      );
      await tx.query('UPDATE accounts SET avatar_key = $2, updated_at = now() WHERE id = $1', [accountId, key]);
      return rows[0]?.key ?? null;
    });
  }

  /**
   * Promoting gives `account_admin` access to every workspace; demoting removes those rows (the
   * admin then grants what the member should keep). Null when the account user is not the account's.
   */
  async changeRole(
    accountId: string,
    accountUserId: string,
    role: AccountRole,
  ): Promise<{ id: string; role: AccountRole } | null> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK_ACCOUNT, [accountId]);
      const { rows } = await tx.query<{ role: AccountRole; userId: string }>(
        'SELECT role, user_id::text AS "userId" FROM account_users WHERE id = $1 AND account_id = $2',
        [accountUserId, accountId],
      );
      if (!rows[0]) return null;
      if (rows[0].role === role) return { id: accountUserId, role };
      if (rows[0].role === 'admin') {
        const { rows: admins } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM account_users WHERE account_id = $1 AND role = 'admin'`,
          [accountId],
        );
        if (admins[0].n <= 1) throw tenancyRuleBroken('lastAdminDemoted');
      }
      await tx.query('UPDATE account_users SET role = $3 WHERE id = $1 AND account_id = $2', [
        accountUserId,
        accountId,
        role,
      ]);
      if (role === 'admin') await grantAdminsAccess(tx, accountId, { accountUserId });
      else
        await tx.query(`DELETE FROM workspace_users WHERE account_user_id = $1 AND access_type = 'account_admin'`, [
          accountUserId,
        ]);
      await this.events?.publish(
        tx,
        ACCOUNT_MEMBER_ROLE_CHANGED,
        { accountUserId, userId: rows[0].userId, from: rows[0].role, to: role },
        { accountId },
      );
      return { id: accountUserId, role };
    });
  }

  /** Removes the account's users among `ids` (and with them their workspace access); keeps one admin. */
  async removeAccountUsers(accountId: string, ids: string[]): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      await tx.query(LOCK_ACCOUNT, [accountId]);
      const { rows: admins } = await tx.query<{ kept: number; removed: number }>(
        `SELECT count(*) FILTER (WHERE NOT (id = ANY($2::bigint[])))::int AS kept, count(*) FILTER (WHERE id = ANY($2::bigint[]))::int AS removed
         FROM account_users WHERE account_id = $1 AND role = 'admin'`,
        [accountId, ids],
      );
      if (admins[0].removed > 0 && admins[0].kept === 0) throw tenancyRuleBroken('lastAdminRemoved');
      const { rows } = await tx.query<{ id: string; userId: string }>(
        'DELETE FROM account_users WHERE account_id = $1 AND id = ANY($2::bigint[]) RETURNING id::text AS id, user_id::text AS "userId"',
        [accountId, ids],
      );
      for (const row of rows)
        await this.events?.publish(
          tx,
          ACCOUNT_MEMBER_REMOVED,
          { accountUserId: row.id, userId: row.userId },
          { accountId },
        );
      return rows.map((r) => r.id);
    });
  }

  /** Owner of an account_users row, for the `accountUser` tenant resource. */
  async ownerOfAccountUser(accountUserId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      'SELECT account_id::text AS "accountId" FROM account_users WHERE id = $1',
      [accountUserId],
    );
    return rows[0] ?? null;
  }
}
