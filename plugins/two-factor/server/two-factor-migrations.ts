import type { Migration } from '../../../server/plugin-api';

export const twoFactorMigrations: Migration[] = [
  {
    id: '202612310101_two_factor',
    sql: `
-- One authenticator per user. confirmed_at NULL: scanned but not yet proved with a code.
-- last_time_step: the TOTP window of the last accepted code, so a code works once (RFC 6238 5.2).
CREATE TABLE two_factor_credentials (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_time_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes, stored as SHA-256 hashes (they are random, so no slow hash is needed); each once.
CREATE TABLE two_factor_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- A log-in held back after a correct password, keyed by the browser's (anonymous) session:
-- 'code' waits for a code, 'setup' for the set-up an account requires (secret: the one shown).
CREATE TABLE two_factor_challenges (
  session_id_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('code', 'setup')),
  secret text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_factor_challenges_expiry_idx ON two_factor_challenges (expires_at);

-- "Require two-factor sign-in" of an account (as "require SSO"): a row only when it is on.
CREATE TABLE two_factor_policies (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  required_since timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: '202612310150_two_factor_passkeys',
    sql: `
-- Passkeys and security keys (WebAuthn), several per user, each with the name its owner gave it.
-- credential_id: base64url, as the browser sends it; unique across users (an authenticator makes
-- a new one per site and user). sign_count: the authenticator's counter, which must go up (a
-- cloned key shows an old one).
CREATE TABLE two_factor_passkeys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX two_factor_passkeys_user_idx ON two_factor_passkeys (user_id);

-- A WebAuthn challenge handed out and not yet answered: kept on the server, for this browser
-- session and user only, until it expires or is answered once (then deleted: no replay).
CREATE TABLE two_factor_webauthn_challenges (
  challenge text PRIMARY KEY,
  session_id_hash text NOT NULL,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_factor_webauthn_challenges_expiry_idx ON two_factor_webauthn_challenges (expires_at);
`,
  },
];
