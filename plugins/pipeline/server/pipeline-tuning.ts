import os from 'node:os';
import { secondsFromEnv } from '../../../server/plugin-api';

/**
 * Timing knobs of the pipeline, from the environment (tests shorten them to see a killed worker
 * recovered within seconds). Read when used, so a test can set them before starting a process.
 */
const seconds = secondsFromEnv;

export const pipelineTuning = {
  /** A running step whose heartbeat is older than this belongs to a dead worker and is taken over. */
  staleSeconds: () => seconds('PIPELINE_STALE_SECONDS', 30),
  heartbeatSeconds: () => Math.max(1, Math.min(5, seconds('PIPELINE_STALE_SECONDS', 30) / 4)),
  /** How often the run's watchdog looks for dead workers and lost jobs. */
  watchdogSeconds: () => seconds('PIPELINE_WATCHDOG_SECONDS', 10),
  /** A pending step sent this long ago without being picked up is sent again (a send lost in a crash). */
  resendSeconds: () => seconds('PIPELINE_RESEND_SECONDS', 120),
  /** Speech-to-text chunk length: long audio is cut at silences near this length. */
  chunkSeconds: () => seconds('PIPELINE_CHUNK_SECONDS', 30),
  /**
   * The longest one attempt of a step may take before it is stopped (its engine processes killed)
   * and counted as failed. The engines size their own limits to the media; this is the backstop
   * for anything that hangs past them (6 h, the mixing step's own limit). Tests shorten it.
   */
  stepTimeoutSeconds: () => seconds('PIPELINE_STEP_TIMEOUT_SECONDS', 6 * 60 * 60),
  /** Attempts of one step before the run is marked failed. */
  maxAttempts: () => Math.round(seconds('PIPELINE_MAX_ATTEMPTS', 3)),
  /** Chunk jobs one worker process runs at once: one per core (the engines are child processes). */
  chunkConcurrency: () =>
    Math.round(seconds('PIPELINE_CHUNK_CONCURRENCY', Math.max(1, os.availableParallelism?.() ?? os.cpus().length))),
};

/** Who is working: recorded on each step so a test (and an operator) sees which process did what. */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;
