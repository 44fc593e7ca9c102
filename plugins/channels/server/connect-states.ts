import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../server/plugin-api';
import type { ChannelProviderId } from '../common/channels-contract';

/** How long a person has to come back from the provider. */
const STATE_TTL_MINUTES = 15;

export interface ClaimedState {
  hash: string;
  userId: string;
  workspaceId: string;
  provider: ChannelProviderId;
  codeVerifier: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The `state` of a connect: 32 random bytes the browser carries to the provider and back. Only its
 * hash is stored, bound to the session, user and workspace that asked; a claim is atomic, so a
 * replayed or concurrent callback finds it taken. The PKCE verifier rides along (S256 challenge).
 */
export class ConnectStates {
  constructor(private readonly db: Database) {}

  async issue(input: {
    sessionId: string;
    userId: string;
    workspaceId: string;
    provider: ChannelProviderId;
  }): Promise<{ state: string; codeChallenge: string }> {
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(32).toString('base64url');
    // Expired states of anyone go now: the table holds only live ones.
    await this.db.query('DELETE FROM external_channel_states WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO external_channel_states (state_hash, session_id, user_id, workspace_id, provider, code_verifier, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [
        sha256(state),
        input.sessionId,
        input.userId,
        input.workspaceId,
        input.provider,
        codeVerifier,
        STATE_TTL_MINUTES,
      ],
    );
    return { state, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
  }

  /** The state if it is live, unclaimed and this session's; taken by this call. Null otherwise, whatever the reason (no oracle). */
  async claim(state: string, sessionId: string): Promise<ClaimedState | null> {
    const { rows } = await this.db.query<ClaimedState>(
      `UPDATE external_channel_states SET claimed_at = now()
       WHERE state_hash = $1 AND session_id = $2 AND claimed_at IS NULL AND expires_at > now()
       RETURNING state_hash AS hash, user_id::text AS "userId", workspace_id::text AS "workspaceId", provider, code_verifier AS "codeVerifier"`,
      [sha256(state), sessionId],
    );
    return rows[0] ?? null;
  }

  /** A typed code that did not work (a wrong feed address): the person may correct it and send it again. */
  async release(hash: string): Promise<void> {
    await this.db.query('UPDATE external_channel_states SET claimed_at = NULL WHERE state_hash = $1', [hash]);
  }

  async consume(hash: string): Promise<void> {
    await this.db.query('DELETE FROM external_channel_states WHERE state_hash = $1', [hash]);
  }
}
