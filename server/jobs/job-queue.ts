import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/connection-errors';
import type { Database, Queryable } from '../db/database';
import { processMetrics } from '../ops/metrics';
import type { PgliteDatabase } from '../db/pglite-database';
import type { JobQueue } from '../http/request-context';
import type { JobContext, JobDefinition } from '../plugin-api/server-plugin';

/** pg-boss 10's floor; the in-process worker is also woken directly after each send. */
const POLLING_INTERVAL_SECONDS = 0.5;

/** How often pg-boss's supervisor expires jobs of dead workers and retries them (pg-boss's default: 2 min; tests shorten it). */
const maintenanceSeconds = () => {
  const value = Number(process.env.JOB_QUEUE_MAINTENANCE_SECONDS);
  return Number.isFinite(value) && value >= 1 ? value : 120;
};

let settleGuardInstalled = false;

/**
 * pg-boss 10 records a job's completion or failure without awaiting it (manager.js `watch`): with
 * the database down at that moment the promise rejects unhandled, which ends a Node process. Such
 * a rejection is logged instead (the job stays active and pg-boss retries it after its expiry;
 * the pipeline's own leases take a step over sooner); any other one still ends the process.
 */
function guardUnawaitedSettles(log: JobQueueOptions['log']): void {
  if (settleGuardInstalled) return;
  settleGuardInstalled = true;
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'job queue lost the database while settling a job; it is retried after its expiry');
      return;
    }
    throw reason;
  });
}

export interface JobQueueOptions {
  db: Database;
  /** Set for a PostgreSQL server: pg-boss opens its own small pool. */
  databaseUrl: string | null;
  jobs: JobDefinition[];
  /** Will this process work the jobs (ROLE all and worker)? `false` only sends (ROLE web). */
  work: boolean;
  log: JobContext['log'] & { warn(obj: unknown, msg?: string): void };
}

/**
 * pg-boss on the same database as the app, so web and worker processes on different machines
 * share one queue. On PGlite pg-boss talks through `executeSql`: parameterless SQL (its
 * migrations are several statements) goes to exec(), the rest to query().
 */
export class PgBossJobQueue implements JobQueue {
  private readonly workerIds = new Map<string, string>();

  private constructor(
    readonly boss: PgBoss,
    private readonly known: Set<string>,
    private readonly definitions: JobDefinition[],
  ) {}

  static async start(options: JobQueueOptions): Promise<PgBossJobQueue> {
    const { db, databaseUrl, jobs, work, log } = options;
    // The clock (cron jobs) runs in working processes only, as the supervision does.
    const scheduled = work && jobs.some((job) => job.cron);
    const common = {
      schema: 'pgboss',
      schedule: scheduled,
      supervise: work,
      maintenanceIntervalSeconds: maintenanceSeconds(),
    } as const;
    const boss = databaseUrl
      ? new PgBoss({ ...common, connectionString: databaseUrl, max: 4 })
      : new PgBoss({ ...common, db: pgliteExecutor(db as PgliteDatabase) });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    if (work) guardUnawaitedSettles(log);
    await boss.start();

    const queue = new PgBossJobQueue(boss, new Set(jobs.map((job) => job.name)), jobs);
    for (const job of jobs) {
      const expiry = job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {};
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 3,
        retryDelay: job.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...expiry,
      });
      // createQueue leaves an existing queue as it was: an installation made before keeps up too.
      if (job.expireInSeconds) await boss.updateQueue(job.name, { name: job.name, ...expiry });
      if (job.cron && work) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
    return queue;
  }

  /** Aborted when stop() begins: the running jobs' cue to finish or hand their work back. */
  private readonly shuttingDown = new AbortController();

  /** Starts the workers, once the app has registered everything a handler may need. */
  async startWorking(context: Omit<JobContext, 'shutdown'>): Promise<void> {
    const ctx: JobContext = { ...context, shutdown: this.shuttingDown.signal };
    for (const job of this.definitions) {
      for (let worker = 0; worker < Math.max(1, job.concurrency ?? 1); worker++) await this.workOn(job, ctx);
    }
  }

  private async workOn(job: JobDefinition, ctx: JobContext): Promise<void> {
    const id = await this.boss.work(
      job.name,
      { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 },
      async (batch) => {
        for (const item of batch) {
          const started = performance.now();
          try {
            await job.handler(item.data, ctx);
            processMetrics.jobDuration.observe(
              { job: job.name, outcome: 'done' },
              (performance.now() - started) / 1000,
            );
          } catch (err) {
            processMetrics.jobDuration.observe(
              { job: job.name, outcome: 'failed' },
              (performance.now() - started) / 1000,
            );
            processMetrics.jobFailures.inc({ job: job.name });
            ctx.log.error({ err, job: job.name, id: item.id }, 'job failed; pg-boss retries it');
            throw err;
          }
        }
      },
    );
    this.workerIds.set(job.name, id);
  }

  async send(
    name: string,
    data: object,
    options: { singletonKey?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    if (!this.known.has(name)) throw new Error(`Unknown job "${name}": no plugin declares it`);
    const id = await this.boss.send(name, data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfterSeconds,
    });
    const workerId = this.workerIds.get(name);
    // Same process works this queue: wake it now instead of waiting for the next poll.
    if (workerId && !options.startAfterSeconds) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Queues a job through `tx`, a transaction of the app's (pg-boss's per-call `db`): the job
   * exists only if that transaction commits. The domain-event outbox queues its deliveries so.
   */
  async sendInTransaction(
    tx: Queryable,
    name: string,
    data: object,
    options: { id?: string } = {},
  ): Promise<string | null> {
    if (!this.known.has(name)) throw new Error(`Unknown job "${name}": no plugin declares it`);
    return this.boss.send(name, data, { id: options.id, db: { executeSql: (text, values) => tx.query(text, values) } });
  }

  /** Jobs waiting in each queue (not yet started), for /metrics; throws when the queue's tables cannot be read. */
  async queueDepths(): Promise<[string, number][]> {
    return Promise.all(
      this.definitions.map(async (job): Promise<[string, number]> => [
        job.name,
        await this.boss.getQueueSize(job.name),
      ]),
    );
  }

  async stop(): Promise<void> {
    this.shuttingDown.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

function pgliteExecutor(db: PgliteDatabase): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return db.pg.query(text, values);
      const results = await db.pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
