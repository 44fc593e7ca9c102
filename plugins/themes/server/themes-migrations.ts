import type { Migration } from '../../../server/plugin-api';

/**
 * The plugin's own table; a workspace's themes go with it. The style is one JSON object (the
 * fields of ThemeStyle, checked by the routes), so adding a field needs no migration: rows without
 * it read as the default's value.
 */
export const themesMigrations: Migration[] = [
  {
    id: '202612090001_themes_themes',
    sql: `
CREATE TABLE themes (
  id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  style jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX themes_workspace_idx ON themes (workspace_id, lower(name), id);`,
  },
];
