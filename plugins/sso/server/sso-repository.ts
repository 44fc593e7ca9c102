import { randomBytes } from 'node:crypto';
import type { Database, EventPublisher, Queryable } from '../../../server/plugin-api';
import type { SsoDefaultRole } from '../common/sso-contract';
import { SSO_SETTINGS_CHANGED, type SsoSettingsSnapshot } from '../common/sso-events';

export interface SsoConnection {
  accountId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRole: SsoDefaultRole;
  requireSso: boolean;
  /** Every domain the account claims, verified or not. */
  domains: string[];
  /** Those it has proved it controls: only these route sign-ins, are vouched for and may require SSO. */
  verifiedDomains: string[];
  /** The value of the TXT record that proves a domain is the account's (`polycue-verification=…`). */
  verificationToken: string;
}

export interface SaveConnection extends Omit<SsoConnection, 'clientSecret' | 'verifiedDomains' | 'verificationToken'> {
  /** Null: keep the stored one. */
  clientSecret: string | null;
}

export class DomainTakenError extends Error {
  constructor(readonly domain: string) {
    super(`${domain} is taken`);
  }
}

const CONNECTION_COLUMNS = `c.account_id::text AS "accountId", c.issuer, c.client_id AS "clientId", c.client_secret AS "clientSecret",
  c.default_role AS "defaultRole", c.require_sso AS "requireSso", c.verification_token AS "verificationToken",
  coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.account_id = c.account_id), '{}') AS domains,
  coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.account_id = c.account_id AND d.verified_at IS NOT NULL), '{}') AS "verifiedDomains"`;

/** The accounts' identity-provider connections and the domains each claims. */
export class SsoRepository {
  constructor(
    private readonly db: Database,
    /** Where saving and removing publish sso.settingsChanged (in their transaction). */
    private readonly events: EventPublisher | null = null,
  ) {}

  private async snapshot(tx: Queryable, accountId: string): Promise<SsoSettingsSnapshot | null> {
    const { rows } = await tx.query<SsoSettingsSnapshot>(
      `SELECT c.issuer, c.client_id AS "clientId", c.default_role AS "defaultRole", c.require_sso AS "requireSso",
         coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.account_id = c.account_id), '{}') AS domains
       FROM sso_connections c WHERE c.account_id = $1`,
      [accountId],
    );
    return rows[0] ?? null;
  }

  async findByAccount(accountId: string): Promise<SsoConnection | null> {
    const { rows } = await this.db.query<SsoConnection>(
      `SELECT ${CONNECTION_COLUMNS} FROM sso_connections c WHERE c.account_id = $1`,
      [accountId],
    );
    return rows[0] ?? null;
  }

  /** The connection that verified the e-mail's domain (exact match, lower case); a claim not verified routes nobody. */
  async findByDomain(domain: string): Promise<SsoConnection | null> {
    const { rows } = await this.db.query<SsoConnection>(
      `SELECT ${CONNECTION_COLUMNS} FROM sso_connections c JOIN sso_domains d ON d.account_id = c.account_id WHERE d.domain = $1 AND d.verified_at IS NOT NULL`,
      [domain],
    );
    return rows[0] ?? null;
  }

  /**
   * Replaces the account's connection and domains in one transaction: domains kept keep their
   * verification, new ones start unverified, dropped ones go. A domain another account has
   * verified refuses it all.
   */
  async save(input: SaveConnection): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows: taken } = await tx.query<{ domain: string }>(
        'SELECT domain FROM sso_domains WHERE domain = ANY($1::text[]) AND account_id <> $2 AND verified_at IS NOT NULL ORDER BY domain LIMIT 1',
        [input.domains, input.accountId],
      );
      if (taken[0]) throw new DomainTakenError(taken[0].domain);
      const before = await this.snapshot(tx, input.accountId);
      await tx.query(
        `INSERT INTO sso_connections (account_id, issuer, client_id, client_secret, default_role, require_sso, verification_token)
         VALUES ($1, $2, $3, coalesce($4, ''), $5, $6, $7)
         ON CONFLICT (account_id) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
           client_secret = coalesce($4, sso_connections.client_secret), default_role = EXCLUDED.default_role,
           require_sso = EXCLUDED.require_sso, updated_at = now()`,
        [
          input.accountId,
          input.issuer,
          input.clientId,
          input.clientSecret,
          input.defaultRole,
          input.requireSso,
          randomBytes(16).toString('hex'),
        ],
      );
      await tx.query('DELETE FROM sso_domains WHERE account_id = $1 AND NOT (domain = ANY($2::text[]))', [
        input.accountId,
        input.domains,
      ]);
      await tx.query(
        'INSERT INTO sso_domains (domain, account_id) SELECT unnest($2::text[]), $1 ON CONFLICT (domain, account_id) DO NOTHING',
        [input.accountId, input.domains],
      );
      const after = await this.snapshot(tx, input.accountId);
      const secretReplaced = input.clientSecret !== null;
      if (this.events && (secretReplaced || JSON.stringify(before) !== JSON.stringify(after)))
        await this.events.publish(
          tx,
          SSO_SETTINGS_CHANGED,
          { before, after, secretReplaced },
          { accountId: input.accountId },
        );
    });
  }

  /** Marks the account's claim of `domain` verified; false when another account verified it first. */
  async markVerified(accountId: string, domain: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        'SELECT 1 FROM sso_domains WHERE domain = $1 AND account_id <> $2 AND verified_at IS NOT NULL',
        [domain, accountId],
      );
      if (rows.length > 0) return false;
      await tx.query(
        'UPDATE sso_domains SET verified_at = now() WHERE domain = $1 AND account_id = $2 AND verified_at IS NULL',
        [domain, accountId],
      );
      return true;
    });
  }

  /** The account's connection and its domains go; links of users to the provider stay (harmless without a connection). */
  async remove(accountId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.snapshot(tx, accountId);
      await tx.query('DELETE FROM sso_connections WHERE account_id = $1', [accountId]);
      if (before && this.events)
        await this.events.publish(
          tx,
          SSO_SETTINGS_CHANGED,
          { before, after: null, secretReplaced: false },
          { accountId },
        );
    });
  }

  /** The user a provider's subject was linked to, if any. */
  async userOfIdentity(issuer: string, subject: string): Promise<string | null> {
    const { rows } = await this.db.query<{ userId: string }>(
      'SELECT user_id::text AS "userId" FROM sso_identities WHERE issuer = $1 AND subject = $2',
      [issuer, subject],
    );
    return rows[0]?.userId ?? null;
  }
}
