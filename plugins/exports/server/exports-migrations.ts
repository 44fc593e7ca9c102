import type { Migration } from '../../../server/plugin-api';

/**
 * The plugin's own table: one row an export, gone with its workspace or project version. `options`
 * holds what was asked (subtitle, format, theme, language) so a retried job does the same work;
 * the file exists in storage only once `state` is done (written first, then the row flips).
 */
export const exportsMigrations: Migration[] = [
  {
    id: '202612080001_exports_exportations',
    sql: `
CREATE TABLE exportations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_version_id bigint NOT NULL REFERENCES project_versions(id) ON DELETE CASCADE,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('subtitles', 'burned_video', 'dubbed_video', 'dubbed_audio')),
  options jsonb NOT NULL DEFAULT '{}',
  title text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress real NOT NULL DEFAULT 0,
  failure text,
  file_key text,
  file_name text,
  content_type text,
  size_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX exportations_workspace_idx ON exportations (workspace_id, id DESC);
CREATE INDEX exportations_version_idx ON exportations (project_version_id);`,
  },
];
