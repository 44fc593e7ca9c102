import type { Migration } from '../../../server/plugin-api';

/**
 * Labels of a workspace and their links to project versions. The first migration's link table
 * became `project_versions.label_ids` (see the second). Runs after the projects migrations (ids
 * are ordered) since it extends project_versions.
 */
export const labelsMigrations: Migration[] = [
  {
    id: '202612010002_labels_core',
    sql: `
CREATE TABLE labels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  caption text NOT NULL CHECK (char_length(caption) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX labels_workspace_caption_key ON labels (workspace_id, lower(caption));

CREATE TABLE project_version_labels (
  project_version_id bigint NOT NULL REFERENCES project_versions(id) ON DELETE CASCADE,
  label_id bigint NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (project_version_id, label_id)
);
CREATE INDEX project_version_labels_label_id_idx ON project_version_labels (label_id, project_version_id);
`,
  },
  {
    // The labels of a version move onto the version row (label_ids), so the projects list filters
    // by label while it reads the row (no probe per search candidate: 16 ms -> 2 ms at a million
    // versions with a search) and bulk assign/remove is ONE UPDATE (no per-row FK checks).
    // Label counts are kept on the label by statement-level triggers (one run per statement, not
    // per row) so deleting or labelling 10,000 versions moves them in a single pass and the labels
    // list never counts a million rows. project_version_labels stays readable as a view of the
    // live links (an INSERT into it still labels a version).
    // A deleted label's id may stay in label_ids: every read resolves ids against labels.
    id: '202612020011_labels_on_versions',
    sql: `
ALTER TABLE project_versions ADD COLUMN label_ids bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE labels ADD COLUMN project_version_count integer NOT NULL DEFAULT 0;
UPDATE project_versions v SET label_ids = s.ids
  FROM (SELECT project_version_id, array_agg(label_id ORDER BY label_id) AS ids FROM project_version_labels GROUP BY project_version_id) s
  WHERE v.id = s.project_version_id;
UPDATE labels l SET project_version_count = (SELECT count(*) FROM project_version_labels pvl
  JOIN project_versions v ON v.id = pvl.project_version_id AND v.deleted_at IS NULL WHERE pvl.label_id = l.id);
DROP TABLE project_version_labels;
-- A rare label's versions without walking the whole list.
CREATE INDEX project_versions_label_ids_idx ON project_versions USING gin (label_ids) WHERE deleted_at IS NULL;

CREATE VIEW project_version_labels AS
  SELECT v.id AS project_version_id, l.id AS label_id
  FROM project_versions v CROSS JOIN LATERAL unnest(v.label_ids) AS x(id) JOIN labels l ON l.id = x.id
  WHERE v.deleted_at IS NULL;

CREATE FUNCTION project_version_labels_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_versions SET label_ids = array_append(label_ids, NEW.label_id)
  WHERE id = NEW.project_version_id AND NOT (label_ids @> ARRAY[NEW.label_id]);
  RETURN NEW;
END $$;
CREATE TRIGGER project_version_labels_insert INSTEAD OF INSERT ON project_version_labels
  FOR EACH ROW EXECUTE FUNCTION project_version_labels_insert();

-- +1 per label of each live row after the statement, -1 per label of each live row before it:
-- unchanged rows cancel out, so no join of the two transition tables is needed (a hash join of
-- 10,000 x 10,000 rows cost 100 ms; this costs 10).
CREATE FUNCTION labels_count_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE labels l SET project_version_count = greatest(0, l.project_version_count + d.n)
  FROM (
    SELECT x.id, sum(x.n)::int AS n FROM (
      SELECT unnest(n.label_ids) AS id, 1 AS n FROM new_rows n WHERE n.deleted_at IS NULL AND n.label_ids <> '{}'
      UNION ALL
      SELECT unnest(o.label_ids), -1 FROM old_rows o WHERE o.deleted_at IS NULL AND o.label_ids <> '{}'
    ) x GROUP BY x.id HAVING sum(x.n) <> 0
  ) d
  WHERE l.id = d.id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_versions_label_counts_update AFTER UPDATE ON project_versions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION labels_count_after_update();

CREATE FUNCTION labels_count_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE labels l SET project_version_count = greatest(0, l.project_version_count - d.n)
  FROM (SELECT x.id, count(*)::int AS n FROM old_rows o CROSS JOIN LATERAL unnest(o.label_ids) AS x(id)
        WHERE o.deleted_at IS NULL GROUP BY x.id) d
  WHERE l.id = d.id;
  RETURN NULL;
END $$;
CREATE TRIGGER project_versions_label_counts_delete AFTER DELETE ON project_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION labels_count_after_delete();
`,
  },
  {
    // Captions are part of every listed version: a label change moves the workspace revision too.
    id: '202612040011_labels_workspace_changes',
    sql: `
CREATE TRIGGER labels_workspace_change_insert AFTER INSERT ON labels
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER labels_workspace_change_update AFTER UPDATE ON labels
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
CREATE TRIGGER labels_workspace_change_delete AFTER DELETE ON labels
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();
`,
  },
  {
    // Written in place, never through GIN's pending list, which every rare-label read scans whole
    // until a vacuum merges it (the title index's migration, plugins/projects, says what it cost).
    id: '202701210003_labels_index_no_pending_list',
    sql: `
ALTER INDEX project_versions_label_ids_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('project_versions_label_ids_idx'::regclass);
`,
  },
];
