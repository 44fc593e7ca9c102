import type { Migration } from '../../../server/plugin-api';

/**
 * Projects, their versions and elements (the media files). Sized for a million versions per
 * workspace: the list walks (workspace_id, created_at DESC, id DESC) and stops after one page;
 * title search is full-text with word prefixes on a GIN index (measured at a million rows: a
 * trigram index spent 30-40 ms intersecting the posting lists of common trigrams such as "int"
 * or "ion" before returning 1,000 rows; the full-text index answers the same search in 0.5 ms). `workspaces.number_of_projects` counts project versions and is
 * moved in SQL in the same transaction as the rows it counts.
 */
export const projectsMigrations: Migration[] = [
  {
    id: '202612010001_projects_core',
    sql: `
CREATE TABLE projects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  title text NOT NULL,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_workspace_id_idx ON projects (workspace_id);

-- An element is a media file. project_id NULL: uploaded, not yet in a project (create_with_project attaches it).
CREATE TABLE elements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects(id) ON DELETE CASCADE,
  title text NOT NULL,
  state text NOT NULL DEFAULT 'ready' CHECK (state IN ('downloading', 'ready', 'failed')),
  size_bytes bigint NOT NULL DEFAULT 0,
  duration_ms integer NOT NULL DEFAULT 0,
  storage_key text,
  thumbnail_key text,
  source_url text,
  submit_url_identifier text,
  failure text,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elements_workspace_state_idx ON elements (workspace_id, state, id);
CREATE INDEX elements_project_id_idx ON elements (project_id);

-- title, duration and thumbnail are copied from project and element so one index walk serves the list.
-- processing_step / processing_state: for the pipeline (spec "After a download the processing step is set to downloading").
CREATE TABLE project_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  element_id bigint REFERENCES elements(id) ON DELETE SET NULL,
  title text NOT NULL,
  duration_ms integer NOT NULL DEFAULT 0,
  thumbnail_key text,
  processing_step text,
  processing_state text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_versions_list_idx ON project_versions (workspace_id, created_at DESC, id DESC);
CREATE INDEX project_versions_project_id_idx ON project_versions (project_id);
CREATE INDEX project_versions_element_id_idx ON project_versions (element_id);
CREATE INDEX project_versions_title_search_idx ON project_versions USING gin (to_tsvector('simple'::regconfig, title));
`,
  },
];
