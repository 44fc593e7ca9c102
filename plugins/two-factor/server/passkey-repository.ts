import type { Queryable } from '../../../server/plugin-api';
import type { Passkey } from '../common/passkeys-contract';

/** A stored passkey with what verifying its answers needs. */
export interface StoredPasskey extends Passkey {
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  signCount: number;
  transports: string[];
}

export type ChallengePurpose = 'register' | 'sign-in';

/** A challenge is answered within this time (the browser's own timeout is one minute). */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;

const PUBLIC_COLUMNS = `id::text AS id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

const asPasskey = (row: Passkey & { createdAt: Date | string; lastUsedAt: Date | string | null }): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
});

/** The passkeys of users and the WebAuthn challenges handed out to them (two-factor plugin tables). */
export class PasskeyRepository {
  constructor(private readonly db: Queryable) {}

  async list(userId: string, tx: Queryable = this.db): Promise<Passkey[]> {
    const { rows } = await tx.query<Passkey & { createdAt: Date; lastUsedAt: Date | null }>(
      `SELECT ${PUBLIC_COLUMNS} FROM two_factor_passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(asPasskey);
  }

  async count(userId: string, tx: Queryable = this.db): Promise<number> {
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM two_factor_passkeys WHERE user_id = $1',
      [userId],
    );
    return rows[0].n;
  }

  /** The user's keys with what verification needs (allow and exclude lists, the assertion's key). */
  async credentials(userId: string, tx: Queryable = this.db): Promise<StoredPasskey[]> {
    const { rows } = await tx.query<StoredPasskey & { createdAt: Date; lastUsedAt: Date | null }>(
      `SELECT ${PUBLIC_COLUMNS}, credential_id AS "credentialId", public_key AS "publicKey",
         sign_count::float8 AS "signCount", transports
       FROM two_factor_passkeys WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows.map((row) => ({
      ...asPasskey(row),
      credentialId: row.credentialId,
      publicKey: new Uint8Array(row.publicKey),
      signCount: row.signCount,
      transports: row.transports ?? [],
    }));
  }

  /** Stores a verified key; null when that credential is already registered (to anyone). */
  async add(
    tx: Queryable,
    userId: string,
    key: { credentialId: string; publicKey: Uint8Array; signCount: number; transports: string[]; name: string },
  ): Promise<Passkey | null> {
    const { rows } = await tx.query<Passkey & { createdAt: Date; lastUsedAt: Date | null }>(
      `INSERT INTO two_factor_passkeys (user_id, credential_id, public_key, sign_count, transports, name)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING RETURNING ${PUBLIC_COLUMNS}`,
      [userId, key.credentialId, key.publicKey, key.signCount, key.transports, key.name],
    );
    return rows[0] ? asPasskey(rows[0]) : null;
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey | null> {
    const { rows } = await this.db.query<Passkey & { createdAt: Date; lastUsedAt: Date | null }>(
      `UPDATE two_factor_passkeys SET name = $3 WHERE id = $2 AND user_id = $1 RETURNING ${PUBLIC_COLUMNS}`,
      [userId, id, name],
    );
    return rows[0] ? asPasskey(rows[0]) : null;
  }

  /** Removes one of the user's keys; answers its name, or null when the user has no such key. */
  async remove(tx: Queryable, userId: string, id: string): Promise<{ name: string } | null> {
    const { rows } = await tx.query<{ name: string }>(
      'DELETE FROM two_factor_passkeys WHERE id = $2 AND user_id = $1 RETURNING name',
      [userId, id],
    );
    return rows[0] ?? null;
  }

  /**
   * Records a use with the authenticator's new counter. The UPDATE decides between two answers
   * racing with the same counter: false when the counter did not go up (a cloned or replayed key),
   * except for authenticators that keep no counter (0 then, and always 0).
   */
  async recordUse(tx: Queryable, id: string, signCount: number): Promise<boolean> {
    const { rows } = await tx.query(
      `UPDATE two_factor_passkeys SET sign_count = $2, last_used_at = now()
       WHERE id = $1 AND (sign_count < $2 OR (sign_count = 0 AND $2 = 0)) RETURNING 1`,
      [id, signCount],
    );
    return rows.length > 0;
  }

  /** Keeps a challenge handed to this browser session and user (expired ones go on the way). */
  async keepChallenge(
    challenge: string,
    sessionIdHash: string,
    userId: string,
    purpose: ChallengePurpose,
  ): Promise<void> {
    await this.db.query('DELETE FROM two_factor_webauthn_challenges WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO two_factor_webauthn_challenges (challenge, session_id_hash, user_id, purpose, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [challenge, sessionIdHash, userId, purpose, WEBAUTHN_CHALLENGE_MINUTES],
    );
  }

  /**
   * Spends a challenge handed to this browser session for this purpose: answers the user it was
   * handed to when it has not expired, else null. Deleted either way and at once (not in a
   * transaction a refused answer would roll back), so an answer is checked against it once.
   */
  async spendChallenge(challenge: string, sessionIdHash: string, purpose: ChallengePurpose): Promise<string | null> {
    const { rows } = await this.db.query<{ userId: string; live: boolean }>(
      `DELETE FROM two_factor_webauthn_challenges WHERE challenge = $1 AND session_id_hash = $2 AND purpose = $3
       RETURNING user_id::text AS "userId", expires_at > now() AS live`,
      [challenge, sessionIdHash, purpose],
    );
    return rows[0]?.live ? rows[0].userId : null;
  }
}
