import type { JobDefinition, Migration } from '../../../../server/plugin-api';

/** Notes older than this are pruned; a model that has not caught up within half of it is built again (list-models.ts). */
export const LIST_CHANGES_KEPT = '1 hour';

/**
 * The notes the web processes' list models (list-models.ts) catch up from: one row per version
 * whose place in the list or whose title words changed (inserted, renamed, deleted, restored,
 * purged), with the writing transaction's id. Inserts and deletes are noted per statement (a bulk
 * restore of 10,000 is one trigger call); updates per row, and only when the title, the deletion,
 * the date or the workspace changed: a bulk label or a thumbnail does not write here. A workspace
 * deleted in the same statement (cascades) is skipped, as note_workspace_change() does.
 */
export const listModelMigrations: Migration[] = [
  {
    id: '202701280001_project_version_list_changes',
    sql: `
CREATE TABLE project_version_list_changes (
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  version_id bigint NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  noted_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX project_version_list_changes_idx ON project_version_list_changes (workspace_id, xid);
CREATE INDEX project_version_list_changes_noted_idx ON project_version_list_changes (noted_at);

CREATE FUNCTION project_versions_note_list_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO project_version_list_changes (workspace_id, version_id)
    SELECT c.workspace_id, c.id FROM changed_rows c WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id);
  RETURN NULL;
END $fn$;
CREATE FUNCTION project_versions_note_list_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO project_version_list_changes (workspace_id, version_id)
    SELECT DISTINCT w.id, NEW.id FROM workspaces w WHERE w.id IN (OLD.workspace_id, NEW.workspace_id);
  RETURN NULL;
END $fn$;
CREATE TRIGGER project_versions_list_change_insert AFTER INSERT ON project_versions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION project_versions_note_list_rows();
CREATE TRIGGER project_versions_list_change_delete AFTER DELETE ON project_versions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION project_versions_note_list_rows();
CREATE TRIGGER project_versions_list_change_update AFTER UPDATE OF title, deleted_at, created_at, workspace_id ON project_versions
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
                     OR OLD.created_at <> NEW.created_at OR OLD.workspace_id <> NEW.workspace_id)
  EXECUTE FUNCTION project_versions_note_list_row();
`,
  },
];

/** Every 10 minutes: the notes no list model can still need. */
export const pruneListChangesJob: JobDefinition = {
  name: 'projects.pruneListChanges',
  cron: '*/10 * * * *',
  retryLimit: 0,
  async handler(_data, ctx) {
    await ctx.db.query(
      `DELETE FROM project_version_list_changes WHERE noted_at < now() - interval '${LIST_CHANGES_KEPT}'`,
    );
  },
};
