import { secondsFromEnv, type JobDefinition, type JobQueue } from '../../../../server/plugin-api';
import { ExportationRepository } from '../exportation-repository';
import { EXPORT_JOB, type ExportJobData } from './export-job-name';

export const EXPORT_WATCHDOG_JOB = 'exports.watchdog';

/** Timing of the export watchdog (the fault test shortens it to see a killed worker's export taken over within seconds). */
const seconds = secondsFromEnv;

export const exportTuning = {
  /** A running export not heard from for this long belongs to a worker that is gone. */
  staleSeconds: () => seconds('EXPORT_STALE_SECONDS', 60),
  heartbeatSeconds: () => Math.max(1, Math.min(10, seconds('EXPORT_STALE_SECONDS', 60) / 4)),
  /** How often a running export's watchdog looks. */
  watchdogSeconds: () => seconds('EXPORT_WATCHDOG_SECONDS', 30),
};

/** Starts (or keeps) the watchdog of an export; called when a worker starts making it. */
export function scheduleExportWatchdog(jobs: JobQueue, exportationId: string): Promise<string | null> {
  return jobs.send(
    EXPORT_WATCHDOG_JOB,
    { exportationId },
    { singletonKey: `export-${exportationId}:watchdog`, startAfterSeconds: exportTuning.watchdogSeconds() },
  );
}

/**
 * While an export runs, its worker touches the row every few seconds (updated_at). A worker
 * killed outright (SIGKILL, a machine gone) stops touching it, and its pg-boss job would only be
 * given again when the queue's expiry (hours: a burn-in of a film is long) runs out: the user
 * would watch the progress bar stand still all that time. The watchdog sees the silence and sends
 * the export again; another worker makes it from the start (the job is idempotent: one storage
 * key, one `finish`, one mail). Each look queues the next first, so a worker killed during a look
 * does not end the chain; the chain ends when the export is done or failed.
 */
export const exportWatchdogJob: JobDefinition<{ exportationId: string }> = {
  name: EXPORT_WATCHDOG_JOB,
  // A look takes milliseconds: one lost with its worker is given again soon.
  expireInSeconds: 60,
  async handler({ exportationId }, ctx) {
    const exportations = new ExportationRepository(ctx.db);
    const row = await exportations.find(String(exportationId));
    if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
    await scheduleExportWatchdog(ctx.jobs, row.id);
    // Claimed by touching the row, so two looks at once send it again only once.
    if (row.state === 'running' && (await exportations.claimSilent(row.id, exportTuning.staleSeconds()))) {
      ctx.log.info({ exportationId: row.id }, 'export of a silent worker sent again');
      await ctx.jobs.send(EXPORT_JOB, { exportationId: row.id } satisfies ExportJobData);
    }
  },
};
