import type { Queryable, JobQueue, JobDefinition } from '../../../../server/plugin-api';
import { pipelineTuning } from '../pipeline-tuning';
import { findRun } from '../run-repository';
import { enqueueParts, frontierStep } from './step-queue';

export const WATCHDOG_JOB = 'pipeline.watchdog';

/** Starts (or keeps) a run's watchdog; called at setup. */
export function scheduleWatchdog(jobs: JobQueue, runId: string): Promise<string | null> {
  return jobs.send(
    WATCHDOG_JOB,
    { runId },
    { singletonKey: `${runId}:watchdog`, startAfterSeconds: pipelineTuning.watchdogSeconds() },
  );
}

/**
 * Every few seconds while a run is active: a step whose worker stopped heartbeating (killed,
 * machine gone) goes back to pending and is sent again, and the run's next pending parts whose
 * send was lost are sent again. The `watchdog_at` stamp keeps a single chain per run even when
 * a watchdog job is duplicated by a retry.
 */
export const watchdogJob: JobDefinition<{ runId: string }> = {
  name: WATCHDOG_JOB,
  // A look takes milliseconds: one lost with its worker (or with the database) is retried soon.
  expireInSeconds: 60,
  async handler({ runId }, ctx) {
    const period = pipelineTuning.watchdogSeconds();
    const { rowCount } = await ctx.db.query(
      `UPDATE pipeline_runs SET watchdog_at = now()
       WHERE id = $1 AND state IN ('queued', 'running') AND (watchdog_at IS NULL OR watchdog_at < now() - make_interval(secs => $2))`,
      [runId, period * 0.8],
    );
    if (rowCount === 0) return;
    // The next look is queued before this one works: a worker killed in the middle of it (its
    // pg-boss job then waits out the queue's expiry) must not end the run's chain of watchdogs.
    await scheduleWatchdog(ctx.jobs, runId);
    await rescue(ctx.db, ctx.jobs, runId, ctx.log);
  },
};

async function rescue(
  db: Queryable,
  jobs: JobQueue,
  runId: string,
  log: { info(obj: unknown, msg?: string): void },
): Promise<void> {
  const run = await findRun(db, runId);
  if (!run || (run.state !== 'queued' && run.state !== 'running')) return;
  const { rows: stale } = await db.query<{ step: string; part: string; worker: string }>(
    `UPDATE pipeline_steps SET state = 'pending', lease_token = NULL, enqueued_at = NULL
     WHERE run_id = $1 AND state = 'running' AND heartbeat_at < now() - make_interval(secs => $2)
     RETURNING step, part, worker`,
    [runId, pipelineTuning.staleSeconds()],
  );
  if (stale.length > 0) log.info({ runId, stale }, 'pipeline steps of a silent worker taken back');
  const frontier = await frontierStep(db, run);
  if (frontier) await enqueueParts(db, jobs, runId, frontier);
}
