import type { Migration } from '../../../server/plugin-api';

/**
 * Personal API tokens. Only the SHA-256 of a token is stored (the secret has 256 random bits, so
 * a plain hash is as good as a slow one and costs nothing per request); `prefix` is what the list
 * shows. A revoked token's row is deleted; one whose person leaves the account stops working
 * through the membership check, and goes with the account, the workspace or the person.
 */
export const apiTokensMigrations: Migration[] = [
  {
    id: '202612310001_api_tokens_core',
    sql: `
CREATE TABLE api_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  workspace_id bigint REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'write', 'admin')),
  token_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_tokens_user_account_idx ON api_tokens (user_id, account_id, created_at DESC);
`,
  },
];
