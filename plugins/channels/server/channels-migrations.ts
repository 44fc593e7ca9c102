import type { Migration } from '../../../server/plugin-api';

/**
 * The plugin's own tables. A channel belongs to a workspace and goes with it; its videos are a
 * copy of what the provider listed at the last read (replaced whole on each reload), so paging
 * them is a query, not a call to the provider. A connect state is good once, for 15 minutes, in
 * the session that asked for it (it goes with the session at log-out); only its hash is stored.
 */
export const channelsMigrations: Migration[] = [
  {
    id: '202612060001_channels_core',
    sql: `
CREATE TABLE external_channels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider text NOT NULL,
  external_id text NOT NULL,
  name text NOT NULL,
  source_url text NOT NULL,
  -- Provider secrets (OAuth tokens): never sent to the browser.
  credentials jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'ready' CHECK (state IN ('ready', 'reloading', 'failed')),
  last_error text,
  reloaded_at timestamptz,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, provider, external_id)
);

CREATE TABLE external_videos (
  channel_id bigint NOT NULL REFERENCES external_channels(id) ON DELETE CASCADE,
  position integer NOT NULL,
  external_id text NOT NULL,
  title text NOT NULL,
  url text NOT NULL,
  published_at timestamptz,
  duration_ms integer,
  PRIMARY KEY (channel_id, position)
);

CREATE TABLE external_channel_states (
  state_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider text NOT NULL,
  code_verifier text NOT NULL,
  claimed_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX external_channel_states_expiry_idx ON external_channel_states (expires_at);`,
  },
  {
    // What a feed says of each video beyond its title (issue 24): its show notes and its picture,
    // which an import gives the project. NULL for rows listed before (the next reload fills them).
    id: '202612270020_channels_video_details',
    sql: `ALTER TABLE external_videos ADD COLUMN description text, ADD COLUMN thumbnail_url text;`,
  },
];
