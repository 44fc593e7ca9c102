import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import type { PgBossJobQueue } from '../jobs/job-queue';
import { processMetrics } from '../ops/metrics';
import { httpError } from './errors';

export interface OperationsOptions {
  db: Database;
  jobs: PgBossJobQueue;
  /** METRICS_TOKEN: /metrics answers only with `Authorization: Bearer <token>`; without one it is off (404). */
  metricsToken: string | null;
  /** True once the process is shutting down: readiness fails first, so a proxy stops sending requests. */
  draining(): boolean;
  /** Ids of the plugins this process runs (built-in and outside), sorted: `/readyz` names them. */
  plugins: string[];
}

const READY_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What a load balancer and a monitoring system ask a process (issue 14, many machines):
 * - `/healthz`: the process is alive (no dependency checked: a slow database must not get live
 *   processes restarted);
 * - `/readyz`: it can do its work now: the database answers and the job queue's tables are
 *   readable; 503 naming what is not, and 503 while shutting down; it names the plugins the
 *   process runs, so machines of a rolling deploy (or a build without an optional plugin folder,
 *   scripts/check-plugin-removal.mjs) can be told apart;
 * - `/metrics`: Prometheus text, behind a bearer token: requests and latencies per route, jobs'
 *   durations and failures per job (each pipeline step is a job), engine failures, queue depth.
 */
async function operations(app: FastifyInstance, options: OperationsOptions): Promise<void> {
  const { db, jobs, metricsToken, draining, plugins } = options;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    processMetrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    processMetrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks: Record<string, string> = {};
    if (draining()) checks.process = 'shutting down';
    await within(db.query('SELECT 1'), READY_TIMEOUT_MS).then(
      () => (checks.database = 'ok'),
      (error: Error) => (checks.database = error.message),
    );
    await within(jobs.queueDepths(), READY_TIMEOUT_MS).then(
      () => (checks.queue = 'ok'),
      (error: Error) => (checks.queue = error.message),
    );
    const ready = Object.values(checks).every((value) => value === 'ok');
    return reply.code(ready ? 200 : 503).send({ ready, checks, plugins });
  });

  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!metricsToken) throw httpError(404, 'not_found', 'Metrics are off: set METRICS_TOKEN to turn them on');
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token || !sameSecret(token, metricsToken))
      throw httpError(401, 'unauthorized', 'A valid metrics token is needed');
    const depths = await jobs.queueDepths().catch(() => []);
    reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8');
    return processMetrics.render([
      {
        name: 'polycue_job_queue_depth',
        help: 'Jobs waiting to start, by queue.',
        values: depths.map(([queue, depth]) => [{ queue }, depth]),
      },
    ]);
  });
}

/** Not encapsulated: the timing hook sees every route of the app, plugins' included. */
export const operationsRoutes = fp(operations, { name: 'polycue-operations' });
