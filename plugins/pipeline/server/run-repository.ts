import type { EventPublisher, Queryable } from '../../../server/plugin-api';
import type { ProjectVersionsService } from '../../projects/common/project-versions-service';
import type { ProcessingStepName, RunKind, RunState } from '../common/pipeline-contract';
import { PROCESSING_FAILED } from '../common/pipeline-events';

/** What a run was set up with (pipeline_runs.settings). */
export interface RunSettings {
  language: string;
  subtitleLanguages: string[];
  dubbingLanguages: string[];
  transcript: string | null;
  vocabularyListId: string | null;
  guidelineId: string | null;
  termbaseId: string | null;
  /** The voice-over in the speaker's own voice (the cloning engine); absent in runs made before it existed. */
  voiceCloning?: boolean;
}

export interface RunRecord {
  id: string;
  projectVersionId: string;
  workspaceId: string;
  userId: string | null;
  kind: RunKind;
  settings: RunSettings;
  steps: ProcessingStepName[];
  state: RunState;
  transcriptSubtitleId: string;
  mediaDurationMs: number | null;
  failureStep: ProcessingStepName | null;
  failureMessage: string | null;
  /** A done run whose recognition heard no word (kept on the run by the finish step). */
  noSpeech: boolean;
}

export interface StepRow {
  step: ProcessingStepName;
  part: string;
  state: 'pending' | 'running' | 'done' | 'failed';
  input: any;
  output: any;
  worker: string | null;
  attempts: number;
  /** Some worker has claimed it before: a pending row that started is being retried, not new. */
  started: boolean;
}

const RUN_COLUMNS = `id::text AS id, project_version_id::text AS "projectVersionId", workspace_id::text AS "workspaceId",
  user_id::text AS "userId", kind, settings, steps, state, transcript_subtitle_id::text AS "transcriptSubtitleId",
  media_duration_ms AS "mediaDurationMs", failure_step AS "failureStep", failure_message AS "failureMessage", no_speech AS "noSpeech"`;

/** Steps a run of this shape goes through, in order (the contract's PROCESSING_STEPS subset). */
export function stepsFor(
  kind: RunKind,
  settings: Pick<RunSettings, 'transcript' | 'subtitleLanguages'>,
): ProcessingStepName[] {
  return [
    'fetch_media',
    'probe',
    'extract_audio',
    settings.transcript ? 'alignment' : 'speech_to_text',
    'segmentation',
    ...(settings.subtitleLanguages.length > 0 ? (['translation'] as const) : []),
    ...(kind === 'tts' ? (['synthesis', 'mixing'] as const) : []),
    'finish',
  ];
}

/** Parts known at setup: per language for translation, per dubbing language for synthesis and mixing. */
export function initialParts(step: ProcessingStepName, settings: RunSettings): string[] | null {
  if (step === 'translation') return settings.subtitleLanguages;
  if (step === 'synthesis' || step === 'mixing') return settings.dubbingLanguages;
  if (step === 'speech_to_text' || step === 'alignment') return null; // extract_audio plans the chunks
  return [''];
}

export async function insertRun(
  tx: Queryable,
  input: {
    projectVersionId: string;
    workspaceId: string;
    userId: string;
    kind: RunKind;
    settings: RunSettings;
    transcriptSubtitleId: string;
  },
): Promise<string> {
  const steps = stepsFor(input.kind, input.settings);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO pipeline_runs (project_version_id, workspace_id, user_id, kind, settings, steps, transcript_subtitle_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    [
      input.projectVersionId,
      input.workspaceId,
      input.userId,
      input.kind,
      JSON.stringify(input.settings),
      steps,
      input.transcriptSubtitleId,
    ],
  );
  const runId = rows[0].id;
  const parts = steps.flatMap((step) => (initialParts(step, input.settings) ?? []).map((part) => ({ step, part })));
  await tx.query(
    `INSERT INTO pipeline_steps (run_id, workspace_id, step, part) SELECT $1, $4, s, p FROM unnest($2::text[], $3::text[]) AS t(s, p)`,
    [runId, parts.map((p) => p.step), parts.map((p) => p.part), input.workspaceId],
  );
  return runId;
}

export async function findRun(db: Queryable, runId: string): Promise<RunRecord | null> {
  const { rows } = await db.query<RunRecord>(`SELECT ${RUN_COLUMNS} FROM pipeline_runs WHERE id = $1`, [runId]);
  return rows[0] ?? null;
}

export async function latestRunOfVersion(db: Queryable, projectVersionId: string): Promise<RunRecord | null> {
  const { rows } = await db.query<RunRecord>(
    `SELECT ${RUN_COLUMNS} FROM pipeline_runs WHERE project_version_id = $1 ORDER BY pipeline_runs.id DESC LIMIT 1`,
    [projectVersionId],
  );
  return rows[0] ?? null;
}

export async function stepRows(db: Queryable, runId: string, step?: ProcessingStepName): Promise<StepRow[]> {
  const { rows } = await db.query<StepRow>(
    `SELECT step, part, state, input, output, worker, attempts, cardinality(workers) > 0 AS started FROM pipeline_steps
     WHERE run_id = $1 AND ($2::text IS NULL OR step = $2) ORDER BY step, length(part), part`,
    [runId, step ?? null],
  );
  return rows;
}

/** Active runs among these versions (a setup refuses them: one run at a time per version). */
export async function activeRunVersions(db: Queryable, projectVersionIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT project_version_id::text AS id FROM pipeline_runs WHERE project_version_id = ANY($1::bigint[]) AND state IN ('queued', 'running')`,
    [projectVersionIds],
  );
  return new Set(rows.map((row) => row.id));
}

/** Marks the run failed once, with the step and a message for people. */
export async function failRun(
  db: Queryable,
  versions: Pick<ProjectVersionsService, 'setProcessing'>,
  runId: string,
  step: ProcessingStepName,
  message: string,
  /** Publishes pipeline.processingFailed through `db`: pass a transaction so it commits with the failure. */
  events: EventPublisher | null = null,
): Promise<boolean> {
  const { rows } = await db.query<{ versionId: string; workspaceId: string }>(
    `UPDATE pipeline_runs SET state = 'failed', failure_step = $2, failure_message = $3, updated_at = now(), finished_at = now()
     WHERE id = $1 AND state IN ('queued', 'running') RETURNING project_version_id::text AS "versionId", workspace_id::text AS "workspaceId"`,
    [runId, step, message],
  );
  if (rows.length === 0) return false;
  await versions.setProcessing(db, rows[0].versionId, step, 'failed');
  await events?.publish(
    db,
    PROCESSING_FAILED,
    { runId, projectVersionId: rows[0].versionId, step, message },
    { workspaceId: rows[0].workspaceId },
  );
  return true;
}
