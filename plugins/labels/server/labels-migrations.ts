import type { Migration } from '../../../server/plugin-api';

/**
 * Labels of a workspace and their links to project versions. The link's primary key serves
 * "labels of these versions"; (label_id, project_version_id) serves the label filter's EXISTS
 * and counting. Runs after the projects migration (ids are ordered) since links reference versions.
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
];
