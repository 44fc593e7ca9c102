import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../server/plugin-api';
import { DELETION_GRACE_DAYS, type AccountDeletionAttributes } from '../common/data-rights-contract';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

interface DeletionRow {
  accountId: string;
  requestedAt: Date | string;
  eraseAfter: Date | string;
}

const COLUMNS = `account_id::text AS "accountId", requested_at AS "requestedAt", erase_after AS "eraseAfter"`;

export function deletionAttributes(row: DeletionRow): AccountDeletionAttributes {
  return {
    accountId: row.accountId,
    requestedAt: new Date(row.requestedAt).toISOString(),
    eraseAfter: new Date(row.eraseAfter).toISOString(),
  };
}

/** data_rights_deletions: one pending deletion per account, undone by its admins or by the mailed token. */
export class AccountDeletionRepository {
  constructor(private readonly db: Queryable) {}

  /** The new deletion and the undo token (only its hash is kept); null when one is pending already. */
  async request(
    accountId: string,
    userId: string,
    now = new Date(),
  ): Promise<{ row: DeletionRow; token: string } | null> {
    const token = randomBytes(32).toString('base64url');
    const eraseAfter = new Date(now.getTime() + DELETION_GRACE_DAYS * 86_400_000);
    const { rows } = await this.db.query<DeletionRow>(
      `INSERT INTO data_rights_deletions (account_id, requested_by, requested_at, erase_after, undo_token_hash)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id) DO NOTHING RETURNING ${COLUMNS}`,
      [accountId, userId, now, eraseAfter, hash(token)],
    );
    return rows[0] ? { row: rows[0], token } : null;
  }

  async find(accountId: string): Promise<DeletionRow | null> {
    const { rows } = await this.db.query<DeletionRow>(
      `SELECT ${COLUMNS} FROM data_rights_deletions WHERE account_id = $1`,
      [accountId],
    );
    return rows[0] ?? null;
  }

  async cancel(accountId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM data_rights_deletions WHERE account_id = $1', [accountId]);
    return rowCount > 0;
  }

  /** The account whose deletion the token undoes (removed), or null. */
  async cancelByToken(token: string): Promise<{ accountId: string; name: string } | null> {
    const { rows } = await this.db.query<{ accountId: string; name: string }>(
      `DELETE FROM data_rights_deletions d USING accounts a WHERE d.undo_token_hash = $1 AND a.id = d.account_id
       RETURNING d.account_id::text AS "accountId", a.name`,
      [hash(token)],
    );
    return rows[0] ?? null;
  }

  /** Accounts whose grace period is over at `now`. */
  async due(now: Date): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT account_id::text AS id FROM data_rights_deletions WHERE erase_after <= $1 ORDER BY erase_after LIMIT 50',
      [now],
    );
    return rows.map((row) => row.id);
  }
}
