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
  {
    // Bulk delete is a soft delete: one UPDATE of deleted_at answers the user at once, and the
    // projects.purgeDeleted job hard-deletes afterwards. A hard DELETE of 10,000 versions spent
    // ~450 ms in per-row FK triggers alone (links, subtitles, pipeline tables, projects ->
    // elements/versions). Every user-facing read filters `deleted_at IS NULL`, which the partial
    // indexes below match (deleted rows also leave the list, search and label indexes, which keeps
    // the soft-deleting UPDATE cheap). Other plugins read live rows through live_project_versions.
    id: '202612020010_project_versions_soft_delete',
    sql: `
ALTER TABLE project_versions ADD COLUMN deleted_at timestamptz;
ALTER TABLE elements ADD COLUMN deleted_at timestamptz;
-- Room on each page for HOT updates (label and processing columns change often).
ALTER TABLE project_versions SET (fillfactor = 90);
DROP INDEX project_versions_list_idx;
CREATE INDEX project_versions_list_idx ON project_versions (workspace_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
DROP INDEX project_versions_title_search_idx;
CREATE INDEX project_versions_title_search_idx ON project_versions USING gin (to_tsvector('simple'::regconfig, title)) WHERE deleted_at IS NULL;
-- ANALYZE keeps no statistics for the expression of a partial index: without these the planner
-- guessed 5,000 hits for any word and walked the whole list instead of the search index (200 ms).
CREATE STATISTICS project_versions_title_words ON (to_tsvector('simple'::regconfig, title)) FROM project_versions;
-- What the purge job walks.
CREATE INDEX project_versions_deleted_idx ON project_versions (id) WHERE deleted_at IS NOT NULL;
CREATE VIEW live_project_versions AS
  SELECT id, project_id, workspace_id, element_id, title, duration_ms, thumbnail_key, processing_step, processing_state, created_at, updated_at
  FROM project_versions WHERE deleted_at IS NULL;
`,
  },
  {
    // Versions, their elements (state, thumbnail) are what the workspace's list shows: every
    // change moves the workspace revision, under which list pages are kept in memory
    // (project-version-routes.ts). Statement-level: a bulk change of 10,000 rows is one row there.
    id: '202612040010_project_versions_workspace_changes',
    sql: `
CREATE TRIGGER project_versions_workspace_change_insert AFTER INSERT ON project_versions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER project_versions_workspace_change_update AFTER UPDATE ON project_versions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER project_versions_workspace_change_delete AFTER DELETE ON project_versions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER elements_workspace_change_insert AFTER INSERT ON elements
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER elements_workspace_change_update AFTER UPDATE ON elements
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER elements_workspace_change_delete AFTER DELETE ON elements
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
`,
  },
  {
    // tus uploads in progress, shared by every web process (upload-store.ts): the bytes are in
    // storage, one object per PATCH at the offset it starts; a finished or terminated upload's
    // row and parts are removed.
    id: '202612250001_projects_tus_uploads',
    sql: `
CREATE TABLE tus_uploads (
  id text PRIMARY KEY,
  size bigint,
  "offset" bigint NOT NULL DEFAULT 0,
  metadata jsonb NOT NULL DEFAULT '{}',
  parts bigint[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // Parts are named `<offset>-<random>` (upload-store.ts): two processes writing one offset at
    // once no longer share an object name. An existing part's name is its offset, as its key was.
    id: '202612250002_projects_tus_upload_part_names',
    sql: `ALTER TABLE tus_uploads ALTER COLUMN parts DROP DEFAULT, ALTER COLUMN parts TYPE text[] USING parts::text[], ALTER COLUMN parts SET DEFAULT '{}';`,
  },
];
