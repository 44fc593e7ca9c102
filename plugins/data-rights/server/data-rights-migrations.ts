import type { Migration } from '../../../server/plugin-api';

/**
 * An account's exports and its pending deletion. Both follow the account (ON DELETE CASCADE): the
 * erasure removes the account's row last, and these go with it.
 */
export const dataRightsMigrations: Migration[] = [
  {
    id: '202701010001_data_rights_tables',
    sql: `
CREATE TABLE data_rights_exports (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  requested_by bigint REFERENCES users(id) ON DELETE SET NULL,
  include_media boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'queued',
  progress real NOT NULL DEFAULT 0,
  file_key text,
  file_name text,
  size_bytes bigint,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX data_rights_exports_account_idx ON data_rights_exports (account_id, id DESC);
CREATE INDEX data_rights_exports_expiry_idx ON data_rights_exports (expires_at) WHERE state = 'done';

CREATE TABLE data_rights_deletions (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  requested_by bigint REFERENCES users(id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  erase_after timestamptz NOT NULL,
  undo_token_hash text NOT NULL UNIQUE
);
CREATE INDEX data_rights_deletions_due_idx ON data_rights_deletions (erase_after);
`,
  },
];
