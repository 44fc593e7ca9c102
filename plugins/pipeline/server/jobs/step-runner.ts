import { randomUUID } from 'node:crypto';
import { PROJECT_VERSIONS } from '../../../projects/common/project-versions-service';
import type { Queryable, JobContext, JobDefinition } from '../../../../server/plugin-api';
import { PROCESSING_STEP_LABELS, type ProcessingStepName } from '../../common/pipeline-contract';
import { pipelineTuning, WORKER_ID } from '../pipeline-tuning';
import { failRun, findRun, type RunRecord } from '../run-repository';
import { advanceAfter, stepJobName, type StepJobData } from './step-queue';
import { PipelineFailure } from './step-errors';
import { WorkFiles } from './work-files';

export { PipelineFailure };

/** This worker's lease was taken over (it was presumed dead): its result is dropped. */
class LeaseLost extends Error {}

/** One attempt of a step ran past pipelineTuning.stepTimeoutSeconds; the message names the step. */
class StepTimedOut extends Error {}

/** This worker is stopping and the step did not finish in time: it goes back, uncounted, for another worker. */
class HandedBack extends Error {}

/**
 * After SIGTERM a step has this long to finish before it is handed back: pg-boss waits 10 s for
 * running jobs, and the hand-back (engines killed, the step made pending) must fit in the rest.
 */
const HAND_BACK_AFTER_MS = 7_000;

export interface StepExecution {
  ctx: JobContext;
  run: RunRecord;
  part: string;
  /** pipeline_steps.input of this part (e.g. a chunk's time range). */
  input: any;
  files: WorkFiles;
  /** Aborted when the attempt runs out of time: pass it to engines and media calls, so their processes are killed. */
  signal: AbortSignal;
  /**
   * Writes the step's outputs and marks it done in ONE transaction, guarded by this worker's
   * lease: outputs replace (never append to) what a crashed earlier attempt may have written.
   */
  complete(write?: (tx: Queryable) => Promise<void>, output?: unknown): Promise<void>;
}

export interface StepDefinition {
  step: ProcessingStepName;
  /** Jobs of this step one worker process runs at once. */
  concurrency?: () => number;
  execute(execution: StepExecution): Promise<void>;
}

async function claim(db: Queryable, runId: string, step: string, part: string, token: string) {
  const { rows } = await db.query<{ attempts: number; input: unknown }>(
    `UPDATE pipeline_steps SET state = 'running', lease_token = $4, worker = $5, workers = array_append(workers, $5), attempts = attempts + 1,
       started_at = now(), heartbeat_at = now(), finished_at = NULL
     WHERE run_id = $1 AND step = $2 AND part = $3
       AND (state = 'pending' OR (state = 'running' AND heartbeat_at < now() - make_interval(secs => $6)))
     RETURNING attempts, input`,
    [runId, step, part, token, WORKER_ID, pipelineTuning.staleSeconds()],
  );
  return rows[0] ?? null;
}

const conciseError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);

/** One pg-boss job per step: claim, heartbeat, execute, complete, then advance the run. */
export function stepJob(definition: StepDefinition): JobDefinition<StepJobData> {
  const { step } = definition;
  return {
    name: stepJobName(step),
    concurrency: definition.concurrency?.(),
    async handler(data, ctx) {
      const part = data.part ?? '';
      const run = await findRun(ctx.db, data.runId);
      if (!run || run.state === 'done' || run.state === 'failed') return;
      const token = randomUUID();
      const claimed = await claim(ctx.db, run.id, step, part, token);
      if (!claimed) {
        // Done already (a duplicate or a retry after a crash past the commit): make sure the run
        // moved on. Running elsewhere: that worker advances it, or the watchdog takes it over.
        await advanceAfter(ctx.db, ctx.jobs, run, step);
        return;
      }
      await ctx.db.query(
        `UPDATE pipeline_runs SET state = 'running', updated_at = now() WHERE id = $1 AND state = 'queued'`,
        [run.id],
      );
      // The projects list shows where a version is; the projects plugin keeps that for the pipeline.
      await ctx.services.get(PROJECT_VERSIONS).setProcessing(ctx.db, run.projectVersionId, step, 'running');
      const heartbeat = setInterval(() => {
        ctx.db
          .query(
            `UPDATE pipeline_steps SET heartbeat_at = now() WHERE run_id = $1 AND step = $2 AND part = $3 AND lease_token = $4`,
            [run.id, step, part, token],
          )
          .catch((err) => ctx.log.error({ err }, 'pipeline heartbeat failed'));
      }, pipelineTuning.heartbeatSeconds() * 1000);
      heartbeat.unref();
      // A hung engine must not hold the step for ever: the attempt is aborted (engine processes
      // killed through the signal) and, whether or not the step honours the signal, ends here.
      const limitSeconds = pipelineTuning.stepTimeoutSeconds();
      const attempt = new AbortController();
      const timedOut = new Promise<never>((_, reject) => {
        const timer = setTimeout(() => {
          const error = new StepTimedOut(`${PROCESSING_STEP_LABELS[step]} timed out after ${limitSeconds} s`);
          attempt.abort(error);
          reject(error);
        }, limitSeconds * 1000);
        attempt.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      });
      timedOut.catch(() => undefined);
      // Stopping (SIGTERM): a step that cannot finish in time is handed back now, engines killed,
      // instead of holding its lease until another worker presumes this one dead.
      const handBack = () => {
        const timer = setTimeout(
          () => attempt.abort(new HandedBack(`${step} handed back: the worker is stopping`)),
          HAND_BACK_AFTER_MS,
        );
        attempt.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      };
      if (ctx.shutdown.aborted) handBack();
      else ctx.shutdown.addEventListener('abort', handBack, { once: true });
      const handedBack = new Promise<never>((_, reject) =>
        attempt.signal.addEventListener(
          'abort',
          () => attempt.signal.reason instanceof HandedBack && reject(attempt.signal.reason),
          { once: true },
        ),
      );
      handedBack.catch(() => undefined);
      let completed = false;
      const execution: StepExecution = {
        ctx,
        run,
        part,
        input: claimed.input,
        files: new WorkFiles(ctx, run),
        signal: attempt.signal,
        async complete(write, output) {
          await ctx.db.transaction(async (tx) => {
            // Past its time limit the attempt has been counted as failed: its late result is dropped.
            if (attempt.signal.aborted) throw new LeaseLost();
            if (write) await write(tx);
            const { rowCount } = await tx.query(
              `UPDATE pipeline_steps SET state = 'done', output = $5, finished_at = now(), heartbeat_at = now()
               WHERE run_id = $1 AND step = $2 AND part = $3 AND lease_token = $4 AND state = 'running'`,
              [run.id, step, part, token, output === undefined ? null : JSON.stringify(output)],
            );
            if (rowCount === 0) throw new LeaseLost();
          });
          completed = true;
        },
      };
      try {
        await Promise.race([definition.execute(execution), timedOut, handedBack]);
        if (!completed) throw new Error(`Step ${step} ended without completing`);
      } catch (caught) {
        if (caught instanceof LeaseLost && !attempt.signal.aborted) return;
        if (attempt.signal.reason instanceof HandedBack) {
          // Not this attempt's fault: uncounted, and at once pending for whichever worker comes next
          // (pg-boss retries this job; the watchdog re-sends the part too, as it is not enqueued).
          await ctx.db.query(
            `UPDATE pipeline_steps SET state = 'pending', lease_token = NULL, enqueued_at = NULL, attempts = GREATEST(attempts - 1, 0)
             WHERE run_id = $1 AND step = $2 AND part = $3 AND lease_token = $4 AND state = 'running'`,
            [run.id, step, part, token],
          );
          ctx.log.info({ runId: run.id, step, part }, 'pipeline step handed back: the worker is stopping');
          throw attempt.signal.reason;
        }
        // Timed out: the step's own error (an engine killed by the abort) is a consequence, not the cause.
        const error: unknown = attempt.signal.aborted ? attempt.signal.reason : caught;
        const attemptsLeft = claimed.attempts < pipelineTuning.maxAttempts();
        // `state = 'running'`: a result committed just as the time ran out stands.
        const leave = (state: 'failed' | 'pending') =>
          ctx.db.query(
            `UPDATE pipeline_steps SET state = $5, lease_token = CASE WHEN $5 = 'pending' THEN NULL ELSE lease_token END, finished_at = CASE WHEN $5 = 'failed' THEN now() END
             WHERE run_id = $1 AND step = $2 AND part = $3 AND lease_token = $4 AND state = 'running'`,
            [run.id, step, part, token, state],
          );
        if (error instanceof PipelineFailure || !attemptsLeft) {
          const message =
            error instanceof PipelineFailure || error instanceof StepTimedOut
              ? error.message
              : `${PROCESSING_STEP_LABELS[step]} failed: ${conciseError(error)}`;
          if ((await leave('failed')).rowCount === 0) return;
          if (
            await ctx.db.transaction((tx) =>
              failRun(tx, ctx.services.get(PROJECT_VERSIONS), run.id, step, message, ctx.events),
            )
          )
            ctx.log.error({ err: error, runId: run.id, step, part }, 'pipeline run failed');
          await new WorkFiles(ctx, run).removeAll().catch(() => {});
          return;
        }
        await leave('pending');
        throw error; // pg-boss retries it
      } finally {
        clearInterval(heartbeat);
        ctx.shutdown.removeEventListener('abort', handBack);
        if (!attempt.signal.aborted) attempt.abort(new Error('step attempt over'));
      }
      await advanceAfter(ctx.db, ctx.jobs, run, step);
    },
  };
}
