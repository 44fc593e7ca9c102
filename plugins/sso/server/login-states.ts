import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Database } from '../../../server/plugin-api';

/** How long a person has to sign in at the identity provider and come back. */
const STATE_TTL_MINUTES = 10;

export type LoginProvider = 'account' | 'google';

export interface IssuedState {
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface ClaimedState {
  provider: LoginProvider;
  /** The account whose connection started it (provider 'account'). */
  accountId: string | null;
  codeVerifier: string;
  nonce: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The `state` of a sign-in: random, carried by the browser to the identity provider and back.
 * Only its hash is stored, bound to the browser session that asked (anonymous sessions exist for
 * every visitor); the nonce and the PKCE verifier ride along. A claim is atomic, so a replayed or
 * concurrent callback finds it taken.
 */
export class LoginStates {
  constructor(private readonly db: Database) {}

  async issue(input: { sessionId: string; provider: LoginProvider; accountId: string | null }): Promise<IssuedState> {
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    // Expired states of anyone go now: the table holds only live ones.
    await this.db.query('DELETE FROM sso_login_states WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO sso_login_states (state_hash, session_id, provider, account_id, code_verifier, nonce, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [sha256(state), input.sessionId, input.provider, input.accountId, codeVerifier, nonce, STATE_TTL_MINUTES],
    );
    return { state, nonce, codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier) };
  }

  /** The state if it is live, unclaimed and this session's; used up by this call. Null otherwise, whatever the reason (no oracle). */
  async claim(state: string, sessionId: string): Promise<ClaimedState | null> {
    const { rows } = await this.db.query<ClaimedState>(
      `UPDATE sso_login_states SET claimed_at = now()
       WHERE state_hash = $1 AND session_id = $2 AND claimed_at IS NULL AND expires_at > now()
       RETURNING provider, account_id::text AS "accountId", code_verifier AS "codeVerifier", nonce`,
      [sha256(state), sessionId],
    );
    return rows[0] ?? null;
  }
}
