import type { Migration } from '../../../server/plugin-api';

/**
 * The plugin's own tables. An account has at most one identity-provider connection; each e-mail
 * domain is verified by at most one connection (several may claim it while unverified). An
 * identity links a provider's subject to a user, so a later sign-in finds them even after an
 * address change at the provider. A sign-in state is good once, for 10 minutes, in the browser
 * session that asked for it (it goes with the session); only its hash is stored.
 */
export const ssoMigrations: Migration[] = [
  {
    id: '202612100001_sso_core',
    sql: `
CREATE TABLE sso_connections (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  issuer text NOT NULL,
  client_id text NOT NULL,
  -- Never sent to the browser.
  client_secret text NOT NULL,
  default_role text NOT NULL DEFAULT 'member' CHECK (default_role IN ('admin', 'member')),
  require_sso boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sso_domains (
  domain text PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES sso_connections(account_id) ON DELETE CASCADE
);
CREATE INDEX sso_domains_account_idx ON sso_domains (account_id);

CREATE TABLE sso_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

CREATE TABLE sso_login_states (
  state_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
  -- 'account' (then account_id) or 'google'.
  provider text NOT NULL CHECK (provider IN ('account', 'google')),
  account_id bigint REFERENCES accounts(id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  claimed_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_login_states_expiry_idx ON sso_login_states (expires_at);`,
  },
  {
    // A domain routes sign-ins and may require SSO only once the account has proved it controls
    // it (a TXT record with the account's token, sso-domain-verification.ts). Until then several
    // accounts may claim one; one verified claim per domain. Domains claimed before this existed
    // stay trusted (their accounts set them up under the old rule; an admin may re-verify).
    id: '202612300001_sso_domain_verification',
    sql: `
ALTER TABLE sso_connections ADD COLUMN verification_token text;
UPDATE sso_connections SET verification_token = md5(account_id::text || random()::text || clock_timestamp()::text);
ALTER TABLE sso_connections ALTER COLUMN verification_token SET NOT NULL;
ALTER TABLE sso_domains ADD COLUMN verified_at timestamptz;
UPDATE sso_domains SET verified_at = now();
ALTER TABLE sso_domains DROP CONSTRAINT sso_domains_pkey;
ALTER TABLE sso_domains ADD PRIMARY KEY (domain, account_id);
CREATE UNIQUE INDEX sso_domains_verified_idx ON sso_domains (domain) WHERE verified_at IS NOT NULL;`,
  },
];
