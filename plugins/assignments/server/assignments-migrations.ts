import type { Migration } from '../../../server/plugin-api';

/**
 * One row per language (subtitle) and role: UNIQUE (subtitle_id, role) makes "one translator and
 * one reviewer at most" the database's rule, and a reassignment an upsert. `workspace_id` is the
 * subtitle's, repeated: the tenant column the isolation sweep, an account's export and its
 * erasure find rows by. The assignee goes with their user; whoever assigned is kept only while
 * they exist.
 */
export const assignmentsMigrations: Migration[] = [
  {
    id: '202701060001_assignments_core',
    sql: `
CREATE TABLE assignments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  subtitle_id bigint NOT NULL REFERENCES subtitles(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('translator', 'reviewer')),
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  assigned_by bigint REFERENCES users(id) ON DELETE SET NULL,
  due_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subtitle_id, role)
);
-- "My assignments": one person's rows in one workspace.
CREATE INDEX assignments_user_idx ON assignments (user_id, workspace_id);
`,
  },
];
