import type { Queryable } from '../../../server/plugin-api';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

export interface Credential {
  secret: string;
  confirmed: boolean;
  lastTimeStep: number;
}

export interface Challenge {
  userId: string;
  kind: 'code' | 'setup';
  secret: string | null;
  attempts: number;
}

/** A held-back log-in lasts this long, and this many wrong codes end it (the password again). */
export const CHALLENGE_MINUTES = 10;
export const CHALLENGE_ATTEMPTS = 5;

/** The two-factor plugin's tables: credentials, recovery codes, held-back log-ins, account rules. */
export class TwoFactorRepository {
  constructor(private readonly db: Queryable) {}

  async credential(userId: string, tx: Queryable = this.db): Promise<Credential | null> {
    const { rows } = await tx.query<Credential>(
      `SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_time_step::float8 AS "lastTimeStep"
       FROM two_factor_credentials WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async startSetup(userId: string, secret: string): Promise<void> {
    await this.db.query(
      `INSERT INTO two_factor_credentials (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_time_step = 0, created_at = now()
       WHERE two_factor_credentials.confirmed_at IS NULL`,
      [userId, secret],
    );
  }

  /** Turns it on with `secret` (already checked against a code) and answers fresh recovery codes. */
  async enable(tx: Queryable, userId: string, secret: string, timeStep: number): Promise<string[]> {
    await tx.query(
      `INSERT INTO two_factor_credentials (user_id, secret, confirmed_at, last_time_step) VALUES ($1, $2, now(), $3)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, confirmed_at = now(), last_time_step = EXCLUDED.last_time_step`,
      [userId, secret, timeStep],
    );
    return this.issueRecoveryCodes(tx, userId);
  }

  /** Fresh recovery codes (the old ones stop working); answered in clear once, stored hashed. */
  async issueRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
    const codes = newRecoveryCodes();
    await tx.query('INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
      userId,
      codes.map(hashRecoveryCode),
    ]);
    return codes;
  }

  /** Removes the authenticator app; the recovery codes go too unless a passkey still stands as a second factor. */
  async disable(tx: Queryable, userId: string): Promise<void> {
    await tx.query('DELETE FROM two_factor_credentials WHERE user_id = $1', [userId]);
    if (!(await this.hasSecondFactor(userId, tx))) await this.dropRecoveryCodes(tx, userId);
  }

  async dropRecoveryCodes(tx: Queryable, userId: string): Promise<void> {
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  }

  /** Two-factor sign-in is on: an authenticator app confirmed, or a passkey (either satisfies an account's rule). */
  async hasSecondFactor(userId: string, tx: Queryable = this.db): Promise<boolean> {
    const { rows } = await tx.query(
      `SELECT 1 FROM two_factor_credentials WHERE user_id = $1 AND confirmed_at IS NOT NULL
       UNION ALL SELECT 1 FROM two_factor_passkeys WHERE user_id = $1 LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Records the accepted code's time step; false when another request used that step first. */
  async spendTimeStep(tx: Queryable, userId: string, timeStep: number): Promise<boolean> {
    const { rows } = await tx.query(
      'UPDATE two_factor_credentials SET last_time_step = $2 WHERE user_id = $1 AND last_time_step < $2 RETURNING 1',
      [userId, timeStep],
    );
    return rows.length > 0;
  }

  /** Spends a recovery code (once: the UPDATE decides between two requests); answers how many are left, or null. */
  async spendRecoveryCode(tx: Queryable, userId: string, code: string): Promise<number | null> {
    const { rows } = await tx.query(
      `UPDATE two_factor_recovery_codes SET used_at = now()
       WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
      [userId, hashRecoveryCode(code)],
    );
    if (rows.length === 0) return null;
    return this.recoveryCodesLeft(userId, tx);
  }

  async recoveryCodesLeft(userId: string, tx: Queryable = this.db): Promise<number> {
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return rows[0].n;
  }

  /** Whether an account of the user requires two-factor sign-in. */
  async requiredFor(userId: string, tx: Queryable = this.db): Promise<boolean> {
    const { rows } = await tx.query(
      `SELECT 1 FROM two_factor_policies p JOIN account_users au ON au.account_id = p.account_id WHERE au.user_id = $1 LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  async hold(tx: Queryable, sessionIdHash: string, userId: string, kind: Challenge['kind']): Promise<void> {
    await tx.query('DELETE FROM two_factor_challenges WHERE expires_at < now()');
    await tx.query(
      `INSERT INTO two_factor_challenges (session_id_hash, user_id, kind, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))
       ON CONFLICT (session_id_hash) DO UPDATE SET user_id = EXCLUDED.user_id, kind = EXCLUDED.kind, secret = NULL,
         attempts = 0, expires_at = EXCLUDED.expires_at`,
      [sessionIdHash, userId, kind, CHALLENGE_MINUTES],
    );
  }

  /** The live held-back log-in of this browser, locked for this transaction. */
  async challenge(tx: Queryable, sessionIdHash: string): Promise<Challenge | null> {
    const { rows } = await tx.query<Challenge>(
      `SELECT user_id::text AS "userId", kind, secret, attempts FROM two_factor_challenges
       WHERE session_id_hash = $1 AND expires_at > now() FOR UPDATE`,
      [sessionIdHash],
    );
    return rows[0] ?? null;
  }

  async setChallengeSecret(sessionIdHash: string, secret: string): Promise<void> {
    await this.db.query('UPDATE two_factor_challenges SET secret = $2 WHERE session_id_hash = $1', [
      sessionIdHash,
      secret,
    ]);
  }

  /** One more wrong code; the log-in ends at the limit. */
  async countAttempt(sessionIdHash: string): Promise<void> {
    await this.db.query('UPDATE two_factor_challenges SET attempts = attempts + 1 WHERE session_id_hash = $1', [
      sessionIdHash,
    ]);
    await this.db.query('DELETE FROM two_factor_challenges WHERE session_id_hash = $1 AND attempts >= $2', [
      sessionIdHash,
      CHALLENGE_ATTEMPTS,
    ]);
  }

  async release(tx: Queryable, sessionIdHash: string): Promise<void> {
    await tx.query('DELETE FROM two_factor_challenges WHERE session_id_hash = $1', [sessionIdHash]);
  }

  async policy(accountId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM two_factor_policies WHERE account_id = $1', [accountId]);
    return rows.length > 0;
  }

  /** True when it changed. */
  async setPolicy(tx: Queryable, accountId: string, required: boolean): Promise<boolean> {
    const { rows } = required
      ? await tx.query('INSERT INTO two_factor_policies (account_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1', [
          accountId,
        ])
      : await tx.query('DELETE FROM two_factor_policies WHERE account_id = $1 RETURNING 1', [accountId]);
    return rows.length > 0;
  }

  /** Members of the account without two-factor sign-in on, app or passkey (their sessions end when it becomes required). */
  async membersWithout(tx: Queryable, accountId: string): Promise<string[]> {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT au.user_id::text AS id FROM account_users au
       LEFT JOIN two_factor_credentials c ON c.user_id = au.user_id AND c.confirmed_at IS NOT NULL
       WHERE au.account_id = $1 AND c.user_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM two_factor_passkeys p WHERE p.user_id = au.user_id)`,
      [accountId],
    );
    return rows.map((row) => row.id);
  }
}
