/**
 * Child process of bench/api-tokens.bench.mjs (run with `node --import tsx`): a throw-away
 * PostgreSQL server (the test suite's global setup), one workspace with 2,000 project versions,
 * its admin's browser session and an API token of the same person; the real app with every server
 * plugin listens on a free port and prints one JSON line `{ port, cookie, token, workspaceId }`.
 * It stops (and removes the database server) when stdin closes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashApiToken, newApiToken } from '../plugins/api-tokens/server/api-token-repository';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgDatabase } from '../server/db/pg-database';
import { hashToken, SESSION_COOKIE } from '../server/http/sessions';
import { serverPlugins } from '../server/plugins';
import startPostgres from '../tests/support/global-setup';
import { createScratchDatabase } from '../tests/support/scratch-database';

const VERSIONS = 2000;

async function seed(db: PgDatabase) {
  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
  const userId = await one(
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ('bench@example.com', 'x', 'Bench', now(), 'processed')`,
  );
  const accountId = await one(`INSERT INTO accounts (name) VALUES ('Bench')`);
  const workspaceId = await one(`INSERT INTO workspaces (account_id, name) VALUES ($1, 'Bench')`, [accountId]);
  const accountUserId = await one(`INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin')`, [
    accountId,
    userId,
  ]);
  await db.query(
    `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
    [workspaceId, accountUserId],
  );
  await db.query(
    `INSERT INTO projects (workspace_id, title, created_at)
     SELECT $1, 'harbor interview ' || g, now() - g * interval '1 minute' FROM generate_series(1, $2::int) g`,
    [workspaceId, VERSIONS],
  );
  await db.query(
    `INSERT INTO project_versions (project_id, workspace_id, title, duration_ms, created_at)
     SELECT p.id, p.workspace_id, p.title, 60000, p.created_at FROM projects p WHERE p.workspace_id = $1`,
    [workspaceId],
  );
  await db.query('UPDATE workspaces SET number_of_projects = $2 WHERE id = $1', [workspaceId, VERSIONS]);
  const session = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, 'x', now() + interval '1 day')`,
    [hashToken(session), userId],
  );
  const token = newApiToken();
  await db.query(
    `INSERT INTO api_tokens (user_id, account_id, name, scope, token_hash, prefix) VALUES ($1, $2, 'bench', 'read', $3, 'pcu_bench')`,
    [userId, accountId, hashApiToken(token)],
  );
  return { cookie: `${SESSION_COOKIE}=${session}`, token, workspaceId };
}

let teardownPostgres: (() => Promise<void>) | null = null;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-bench-tokens-'));
  let adminUrl = '';
  teardownPostgres = await startPostgres({ provide: (_key: string, value: string) => (adminUrl = value) } as never);
  const url = (await createScratchDatabase(adminUrl, 'polycue_bench')).url;
  const db = new PgDatabase(url, { max: 20 });
  const config = { ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PORT: '0' }), databaseUrl: url };
  const app = await buildApp({ config, db, plugins: serverPlugins, logger: false });
  await app.ready();
  const seeded = await seed(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // One of the server's backends: its parent is the postmaster, whose CPU the bench reads from /proc.
  const { rows: backend } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await db.close();
    } finally {
      await teardownPostgres?.();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  console.log(JSON.stringify({ port, postgresBackendPid: backend[0].pid, ...seeded }));
}

main().catch(async (error) => {
  console.error(error);
  await teardownPostgres?.().catch(() => {});
  process.exit(1);
});
