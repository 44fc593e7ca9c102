import type { Database } from '../../../server/plugin-api';
import type { SsoDefaultRole } from '../common/sso-contract';

export interface SsoConnection {
  accountId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRole: SsoDefaultRole;
  requireSso: boolean;
  domains: string[];
}

export interface SaveConnection extends Omit<SsoConnection, 'clientSecret'> {
  /** Null: keep the stored one. */
  clientSecret: string | null;
}

export class DomainTakenError extends Error {
  constructor(readonly domain: string) {
    super(`${domain} is taken`);
  }
}

const CONNECTION_COLUMNS = `c.account_id::text AS "accountId", c.issuer, c.client_id AS "clientId", c.client_secret AS "clientSecret",
  c.default_role AS "defaultRole", c.require_sso AS "requireSso",
  coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.account_id = c.account_id), '{}') AS domains`;

/** The accounts' identity-provider connections and the domains each claims. */
export class SsoRepository {
  constructor(private readonly db: Database) {}

  async findByAccount(accountId: string): Promise<SsoConnection | null> {
    const { rows } = await this.db.query<SsoConnection>(`SELECT ${CONNECTION_COLUMNS} FROM sso_connections c WHERE c.account_id = $1`, [accountId]);
    return rows[0] ?? null;
  }

  /** The connection whose domains include the e-mail's domain (exact match, lower case). */
  async findByDomain(domain: string): Promise<SsoConnection | null> {
    const { rows } = await this.db.query<SsoConnection>(
      `SELECT ${CONNECTION_COLUMNS} FROM sso_connections c JOIN sso_domains d ON d.account_id = c.account_id WHERE d.domain = $1`,
      [domain],
    );
    return rows[0] ?? null;
  }

  /** Whole replacement of the account's connection and domains, in one transaction; a domain of another account refuses it all. */
  async save(input: SaveConnection): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows: taken } = await tx.query<{ domain: string }>(
        'SELECT domain FROM sso_domains WHERE domain = ANY($1::text[]) AND account_id <> $2 ORDER BY domain LIMIT 1',
        [input.domains, input.accountId],
      );
      if (taken[0]) throw new DomainTakenError(taken[0].domain);
      await tx.query(
        `INSERT INTO sso_connections (account_id, issuer, client_id, client_secret, default_role, require_sso)
         VALUES ($1, $2, $3, coalesce($4, ''), $5, $6)
         ON CONFLICT (account_id) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
           client_secret = coalesce($4, sso_connections.client_secret), default_role = EXCLUDED.default_role,
           require_sso = EXCLUDED.require_sso, updated_at = now()`,
        [input.accountId, input.issuer, input.clientId, input.clientSecret, input.defaultRole, input.requireSso],
      );
      await tx.query('DELETE FROM sso_domains WHERE account_id = $1', [input.accountId]);
      for (const domain of input.domains) await tx.query('INSERT INTO sso_domains (domain, account_id) VALUES ($1, $2)', [domain, input.accountId]);
    });
  }

  /** The account's connection and its domains go; links of users to the provider stay (harmless without a connection). */
  async remove(accountId: string): Promise<void> {
    await this.db.query('DELETE FROM sso_connections WHERE account_id = $1', [accountId]);
  }

  /** The user a provider's subject was linked to, if any. */
  async userOfIdentity(issuer: string, subject: string): Promise<string | null> {
    const { rows } = await this.db.query<{ userId: string }>('SELECT user_id::text AS "userId" FROM sso_identities WHERE issuer = $1 AND subject = $2', [
      issuer,
      subject,
    ]);
    return rows[0]?.userId ?? null;
  }
}
