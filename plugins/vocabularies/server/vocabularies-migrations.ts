import type { Migration } from '../../../server/plugin-api';

/** The plugin's own table; a workspace's lists go with it. */
export const vocabulariesMigrations: Migration[] = [
  {
    id: '202611240100_vocabularies_lists',
    sql: `
CREATE TABLE vocabulary_lists (
  id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  utterances text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vocabulary_lists_workspace_idx ON vocabulary_lists (workspace_id, lower(name), id);`,
  },
];
