import type { Migration } from '../../../server/plugin-api';

/** The plugin's own tables; a workspace's term bases and their entries go with it. */
export const termbasesMigrations: Migration[] = [
  {
    id: '202611250200_termbases_termbases',
    sql: `
CREATE TABLE termbases (
  id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  languages text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX termbases_workspace_idx ON termbases (workspace_id, lower(name), id);
CREATE TABLE termbase_entries (
  id bigserial PRIMARY KEY,
  termbase_id bigint NOT NULL REFERENCES termbases(id) ON DELETE CASCADE,
  -- copied from the term base, so tenant checks see the owner without a join
  workspace_id bigint NOT NULL,
  terms jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX termbase_entries_termbase_idx ON termbase_entries (termbase_id, id);`,
  },
];
