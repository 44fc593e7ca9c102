import type { Migration } from '../../../server/plugin-api';

/**
 * Media retention per workspace (../common/media-retention.ts). The setting has a table of its own
 * (no row: off, the default) so turning it on touches no workspace row the hot paths read. An
 * element whose media retention removed keeps its row (its versions, subtitles and exports hang
 * on it) with `storage_key` emptied and `media_removed_after_days` saying why.
 */
export const mediaRetentionMigrations: Migration[] = [
  {
    id: '202701060001_projects_media_retention',
    sql: `
CREATE TABLE workspace_media_retention (
  workspace_id bigint PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  days integer NOT NULL CHECK (days IN (30, 90, 180, 365)),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE elements ADD COLUMN media_removed_after_days integer;
-- What the daily job walks per workspace: media still stored (removed media leaves the index, so
-- a workspace's old, already emptied elements are not read again every night).
CREATE INDEX elements_stored_media_idx ON elements (workspace_id, id) WHERE storage_key IS NOT NULL AND state = 'ready';
`,
  },
];
