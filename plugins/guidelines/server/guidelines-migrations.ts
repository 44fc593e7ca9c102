import type { Migration } from '../../../server/plugin-api';

/** The plugin's own table; a workspace's guidelines go with it; at most one default per workspace. */
export const guidelinesMigrations: Migration[] = [
  {
    id: '202611250100_guidelines_guidelines',
    sql: `
CREATE TABLE guidelines (
  id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  prompt text NOT NULL DEFAULT '',
  parameters jsonb NOT NULL DEFAULT '{}',
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guidelines_workspace_idx ON guidelines (workspace_id, lower(name), id);
CREATE UNIQUE INDEX guidelines_one_default_idx ON guidelines (workspace_id) WHERE is_default;`,
  },
];
