/**
 * Child process of bench/webhook-fanout.bench.mjs (run with `node --import tsx`): a throw-away
 * PostgreSQL server (the test suite's global setup), the real app with every server plugin and
 * its job queue working in this process (ROLE all), one workspace with 10 webhook endpoints on
 * local receivers (127.0.0.1, allowed as tests allow it), then 1,000 `projects.versionCreated`
 * events published one transaction each. Prints one JSON line: how many of the 10,000 deliveries
 * arrived (distinct endpoint and webhook-id), when the last did, and the publishing time.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_VERSION_CREATED } from '../plugins/projects/common/project-events';
import { newWebhookSecret } from '../plugins/webhooks/server/endpoint-repository';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgDatabase } from '../server/db/pg-database';
import { serverPlugins } from '../server/plugins';
import startPostgres from '../tests/support/global-setup';
import { createScratchDatabase } from '../tests/support/scratch-database';

const EVENTS = Number(process.env.FANOUT_EVENTS ?? 1000);
const ENDPOINTS = Number(process.env.FANOUT_ENDPOINTS ?? 10);
const GIVE_UP_MS = 15 * 60_000;

let teardownPostgres: (() => Promise<void>) | null = null;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-bench-webhooks-'));
  let adminUrl = '';
  teardownPostgres = await startPostgres({ provide: (_key: string, value: string) => (adminUrl = value) } as never);
  const url = (await createScratchDatabase(adminUrl, 'polycue_bench')).url;
  const db = new PgDatabase(url, { max: 20 });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0' }),
    databaseUrl: url,
    linkImportAllowCidrs: ['127.0.0.0/8'],
  };
  const app = await buildApp({ config, db, plugins: serverPlugins, logger: false });
  await app.ready();

  const seen = new Set<string>();
  let lastAt = 0;
  const receivers: http.Server[] = [];
  const origins: string[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        seen.add(`${i}:${String(request.headers['webhook-id'])}`);
        lastAt = performance.now();
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receivers.push(server);
    origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
  }

  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const accountId = await one(`INSERT INTO accounts (name) VALUES ('Bench')`);
  const workspaceId = await one(`INSERT INTO workspaces (account_id, name) VALUES ($1, 'Bench')`, [accountId]);
  for (const origin of origins)
    await db.query(
      `INSERT INTO webhook_endpoints (workspace_id, url, event_types, secret) VALUES ($1, $2, ARRAY['projects.versionCreated'], $3)`,
      [workspaceId, origin, newWebhookSecret()],
    );

  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    await db.transaction((tx) =>
      app.events.publish(
        tx,
        PROJECT_VERSION_CREATED,
        { projectVersionId: String(i + 1), projectId: String(i + 1), title: `Bench ${i}`, source: 'upload' },
        { accountId, workspaceId },
      ),
    );
  }
  const published = performance.now();
  const expected = EVENTS * ENDPOINTS;
  while (seen.size < expected && performance.now() - started < GIVE_UP_MS)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const { rows } = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status',
  );
  console.log(
    JSON.stringify({
      expected,
      delivered: seen.size,
      publishMs: Math.round(published - started),
      timeToLastMs: Math.round(lastAt - started),
      statuses: Object.fromEntries(rows.map((row) => [row.status, row.n])),
    }),
  );
  for (const server of receivers) server.closeAllConnections();
  await Promise.all(receivers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app.close();
  await db.close();
  await teardownPostgres();
  await rm(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(error);
    await teardownPostgres?.().catch(() => {});
    process.exit(1);
  },
);
