import type { Migration } from '../../../server/plugin-api';

/**
 * Each person's notifications. workspace_id is the tenant column (the isolation sweep, an
 * account's export and erasure find the rows by it) and what the news is about: the entries go
 * with the workspace, and with the person.
 */
export const notificationsMigrations: Migration[] = [
  {
    id: '202701200001_notifications_core',
    sql: `
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  title text NOT NULL,
  link text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_workspace_idx ON notifications (workspace_id);
`,
  },
];
