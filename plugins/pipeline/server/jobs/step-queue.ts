import type { Queryable, JobQueue } from '../../../../server/plugin-api';
import type { ProcessingStepName } from '../../common/pipeline-contract';
import { pipelineTuning } from '../pipeline-tuning';

export interface StepJobData {
  runId: string;
  part: string;
}

export const stepJobName = (step: ProcessingStepName) => `pipeline.${step}`;

/**
 * Sends the jobs of a step's pending parts. The `enqueued_at` stamp is taken in SQL first, so
 * of several processes advancing the same run at once only one sends; a send lost in a crash
 * right after the stamp is sent again by the watchdog once the stamp is old.
 */
export async function enqueueParts(
  db: Queryable,
  jobs: JobQueue,
  runId: string,
  step: ProcessingStepName,
): Promise<string[]> {
  const { rows } = await db.query<{ part: string }>(
    `UPDATE pipeline_steps SET enqueued_at = now()
     WHERE run_id = $1 AND step = $2 AND state = 'pending'
       AND (enqueued_at IS NULL OR enqueued_at < now() - make_interval(secs => $3))
     RETURNING part`,
    [runId, step, pipelineTuning.resendSeconds()],
  );
  for (const { part } of rows) {
    await jobs.send(stepJobName(step), { runId, part } satisfies StepJobData, {
      singletonKey: `${runId}:${step}:${part}`,
    });
  }
  return rows.map((row) => row.part);
}

/** Whether every part of the step is done (false while it has no parts yet). */
export async function stepDone(db: Queryable, runId: string, step: ProcessingStepName): Promise<boolean> {
  const { rows } = await db.query<{ total: number; open: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE state <> 'done')::int AS open FROM pipeline_steps WHERE run_id = $1 AND step = $2`,
    [runId, step],
  );
  return rows[0].total > 0 && rows[0].open === 0;
}

/**
 * After a part finished: when it was the last open part of its step (decided in SQL, after this
 * part's transaction committed, so the last finisher always sees every other one done), the next
 * step's parts are sent. Safe to call any number of times.
 */
export async function advanceAfter(
  db: Queryable,
  jobs: JobQueue,
  run: { id: string; steps: ProcessingStepName[] },
  step: ProcessingStepName,
): Promise<void> {
  if (!(await stepDone(db, run.id, step))) return;
  const next = run.steps[run.steps.indexOf(step) + 1];
  if (next) await enqueueParts(db, jobs, run.id, next);
}

/** The first step of the run that is not done yet (null when all are). */
export async function frontierStep(
  db: Queryable,
  run: { id: string; steps: ProcessingStepName[] },
): Promise<ProcessingStepName | null> {
  for (const step of run.steps) if (!(await stepDone(db, run.id, step))) return step;
  return null;
}
