import { workspaceChangeTriggersSql, type Migration } from '../../../server/plugin-api';

/**
 * The pipeline's own state, beside (not inside) the projects plugin's tables:
 * - pipeline_runs: one set-up of a project version (settings, the steps it needs, state, failure);
 *   at most one active run per version (partial unique index);
 * - pipeline_steps: one row per (run, step, part). `part` is '' for single steps, the chunk
 *   number for speech to text / alignment, the language for translation, synthesis and mixing.
 *   A worker claims a row (state running, a fresh lease token, heartbeat) and completes it in the
 *   same transaction as the step's outputs, guarded by the token: a step taken over after a crash
 *   can never be completed twice; `workers` lists every process that claimed it. Chunk words live in `output` (the fan-in reads them in SQL);
 * - pipeline_dubbed_media: the dubbed audio and video of a TTS run per language;
 * - pipeline_last_used_settings: what each user chose last, per popup (plain, tts).
 */
export const pipelineMigrations: Migration[] = [
  {
    id: '202612030001_pipeline_core',
    sql: `
CREATE TABLE pipeline_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_version_id bigint NOT NULL REFERENCES project_versions(id) ON DELETE CASCADE,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('plain', 'tts')),
  settings jsonb NOT NULL,
  steps text[] NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  transcript_subtitle_id bigint NOT NULL,
  media_duration_ms integer,
  failure_step text,
  failure_message text,
  watchdog_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX pipeline_runs_one_active_idx ON pipeline_runs (project_version_id) WHERE state IN ('queued', 'running');
CREATE INDEX pipeline_runs_version_idx ON pipeline_runs (project_version_id, id DESC);
CREATE INDEX pipeline_runs_workspace_idx ON pipeline_runs (workspace_id);

CREATE TABLE pipeline_steps (
  run_id bigint NOT NULL REFERENCES pipeline_runs(id) ON DELETE CASCADE,
  -- copied from the run, so tenant checks and the isolation sweep see the owner without a join
  workspace_id bigint NOT NULL,
  step text NOT NULL,
  part text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  input jsonb,
  output jsonb,
  lease_token text,
  attempts integer NOT NULL DEFAULT 0,
  worker text,
  workers text[] NOT NULL DEFAULT '{}',
  enqueued_at timestamptz,
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (run_id, step, part)
);
CREATE INDEX pipeline_steps_running_idx ON pipeline_steps (heartbeat_at) WHERE state = 'running';

CREATE TABLE pipeline_dubbed_media (
  run_id bigint NOT NULL REFERENCES pipeline_runs(id) ON DELETE CASCADE,
  project_version_id bigint NOT NULL REFERENCES project_versions(id) ON DELETE CASCADE,
  language text NOT NULL,
  audio_key text NOT NULL,
  video_key text,
  clips jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, language)
);
CREATE INDEX pipeline_dubbed_media_version_idx ON pipeline_dubbed_media (project_version_id);

CREATE TABLE pipeline_last_used_settings (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('plain', 'tts')),
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
`,
  },
  {
    // The projects list shows each version's latest run (pipeline-list-contribution.ts): a run's
    // change (state, duration, watchdog) moves the workspace revision, so kept list pages are not
    // served stale. Steps do not (their heartbeats would); a step's progress shows when the run moves.
    id: '202612050002_pipeline_workspace_changes',
    sql: workspaceChangeTriggersSql('pipeline_runs'),
  },
  {
    // Whether a done run heard no speech, kept on the run when it finishes (finish-step.ts), so the
    // projects list reads it from the run row it already has instead of probing the run's
    // segmentation step for every row of every page (0.13 ms of a page's 0.9 ms in PostgreSQL,
    // docs/capacity.md). Runs finished before this migration get it from their steps once.
    id: '202701210001_pipeline_runs_no_speech',
    sql: `
ALTER TABLE pipeline_runs ADD COLUMN no_speech boolean NOT NULL DEFAULT false;
UPDATE pipeline_runs r SET no_speech = true
 WHERE r.state = 'done'
   AND EXISTS (SELECT 1 FROM pipeline_steps st
                WHERE st.run_id = r.id AND st.step = 'segmentation' AND st.state = 'done' AND st.output->>'words' = '0');
`,
  },
];
