import { workspaceChangeTriggersSql, type Migration } from '../../../server/plugin-api';

/**
 * Subtitles of project versions, their cues and share links. One subtitle per version and
 * language; cues keyed by (subtitle, position) so a whole subtitle is replaced with one DELETE and
 * one INSERT … SELECT FROM unnest(...). workspace_id is copied onto subtitles and tokens so the
 * tenant check and the isolation sweep see the owner without a join. Tokens keep only the
 * SHA-256 of the secret: a database leak gives no working link.
 */
export const subtitlesMigrations: Migration[] = [
  {
    id: '202612020001_subtitles_core',
    sql: `
CREATE TABLE subtitles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_version_id bigint NOT NULL REFERENCES project_versions(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  language text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('transcript', 'translation')),
  cues_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_version_id, language)
);
CREATE INDEX subtitles_workspace_id_idx ON subtitles (workspace_id);

CREATE TABLE subtitle_cues (
  subtitle_id bigint NOT NULL REFERENCES subtitles(id) ON DELETE CASCADE,
  position integer NOT NULL,
  start_ms integer NOT NULL,
  end_ms integer NOT NULL,
  text text NOT NULL,
  speaker text,
  PRIMARY KEY (subtitle_id, position)
);

CREATE TABLE external_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subtitle_id bigint NOT NULL REFERENCES subtitles(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX external_tokens_subtitle_id_idx ON external_tokens (subtitle_id) WHERE revoked_at IS NULL;
`,
  },
  {
    // The projects list shows each version's subtitles (subtitles-list-contribution.ts): a change
    // moves the workspace revision, so list pages kept under it are not served stale.
    id: '202612050001_subtitles_workspace_changes',
    sql: workspaceChangeTriggersSql('subtitles'),
  },
  {
    // The editor saves with the revision it started from (PUT …/cues): every replacement of the
    // cues (an import, a pipeline run, an editor save) moves it, so a save based on an older one
    // is a conflict instead of a silent overwrite.
    id: '202612070001_subtitles_revision',
    sql: 'ALTER TABLE subtitles ADD COLUMN revision integer NOT NULL DEFAULT 0',
  },
  {
    // Live co-editing (live/live-doc-store.ts): a subtitle's Yjs document as the updates editors
    // sent, appended as they come and merged into one now and then; and the subtitle revision
    // the document last matched, so a replacement of the cues made elsewhere (a save through
    // PUT …/cues, an import, a pipeline run) is merged into the document when it is next opened.
    id: '202612310001_subtitles_live_documents',
    sql: `
CREATE TABLE subtitle_live_updates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subtitle_id bigint NOT NULL REFERENCES subtitles(id) ON DELETE CASCADE,
  update bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subtitle_live_updates_subtitle_idx ON subtitle_live_updates (subtitle_id, id);
CREATE TABLE subtitle_live_docs (
  subtitle_id bigint PRIMARY KEY REFERENCES subtitles(id) ON DELETE CASCADE,
  synced_revision integer NOT NULL
);
`,
  },
  {
    // Review by cue (../common/cue-review.ts): each cue's state, and per subtitle how many cues are
    // reviewed (or approved) and approved, kept by every replacement of the cues, so the version
    // page and the projects table read a language's progress from its subtitle row (no count of
    // cues per row listed).
    id: '202701050001_subtitles_cue_review',
    sql: `
ALTER TABLE subtitle_cues ADD COLUMN review text NOT NULL DEFAULT 'todo'
  CHECK (review IN ('todo', 'translated', 'reviewed', 'approved'));
ALTER TABLE subtitles ADD COLUMN reviewed_count integer NOT NULL DEFAULT 0;
ALTER TABLE subtitles ADD COLUMN approved_count integer NOT NULL DEFAULT 0;
`,
  },
  {
    // A workspace's review settings (review-settings.ts): whether exports need every cue approved.
    id: '202701050003_subtitles_review_settings',
    sql: `
CREATE TABLE subtitle_review_settings (
  workspace_id bigint PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  exports_require_approval boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // Whole-cue italics (a song, a voice off screen, a thought): the one style subtitle formats
    // share, kept from import to download. False for every cue written before it existed.
    id: '202701220001_subtitles_cue_italic',
    sql: 'ALTER TABLE subtitle_cues ADD COLUMN italic boolean NOT NULL DEFAULT false',
  },
];
