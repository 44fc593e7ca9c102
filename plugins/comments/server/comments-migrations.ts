import type { Migration } from '../../../server/plugin-api';

/**
 * Threads on cues and their comments. A thread names its cue by the cue's id in the subtitle's
 * live document (stable through edits and re-ordering); it goes with its subtitle (cascade), never
 * into an export (exports read the cue rows only). workspace_id on both tables is the tenant
 * column the sweep, exports and erasure find rows by. `mentions` are user ids, not text: a
 * renamed person is still the one mentioned.
 */
export const commentsMigrations: Migration[] = [
  {
    id: '202701200002_comments_core',
    sql: `
CREATE TABLE comment_threads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  subtitle_id bigint NOT NULL REFERENCES subtitles(id) ON DELETE CASCADE,
  cue_id text NOT NULL,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  resolved_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comment_threads_subtitle_idx ON comment_threads (subtitle_id, id);
CREATE INDEX comment_threads_workspace_idx ON comment_threads (workspace_id);

CREATE TABLE comments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id bigint NOT NULL REFERENCES comment_threads(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  author_id bigint REFERENCES users(id) ON DELETE SET NULL,
  body text NOT NULL,
  mentions bigint[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz
);
CREATE INDEX comments_thread_idx ON comments (thread_id, id);
CREATE INDEX comments_workspace_idx ON comments (workspace_id);
`,
  },
];
