/**
 * Child process of bench/project-versions.bench.mjs (run with `node --import tsx`): starts a
 * throw-away PostgreSQL server (the test suite's global setup), seeds one workspace with
 * 1,000,000 project versions (one INSERT … generate_series per table) with labels on a share of
 * them and, as processed versions have, subtitles and a finished run each; builds the real app with every server plugin plus a bench-only hello route, listens on a
 * free port and prints one JSON line `{ port, cookie, csrf, workspaceId, ... }` on stdout. It
 * stops (and removes the database server) on SIGTERM or when stdin closes.
 *
 * BENCH_DATABASE_URL points it at a database of your own instead (kept): seeded on the first run,
 * reused after, which makes trying a change to the list a matter of seconds, not minutes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgDatabase } from '../server/db/pg-database';
import { hashToken, SESSION_COOKIE } from '../server/http/sessions';
import { defineServerPlugin, PLUGIN_API_MAJOR } from '../server/plugin-api';
import { serverPlugins } from '../server/plugins';
import startPostgres from '../tests/support/global-setup';
import { createScratchDatabase } from '../tests/support/scratch-database';

const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 1_000_000);
/** 1,000 title words: a word search matches about 0.1 % of the versions (1,000 of a million). */
const WORDS = 1000;
const log = (...parts: unknown[]) => console.error('  [app]', ...parts);

/** Workspaces whose list model (plugins/projects/server/list-model) is built, as the app's log says. */
const listModelsBuilt = new Map<string, { versions: number; ms: number }>();
/** The app's log, read for one line only: the mix waits for the model before measuring. */
const logger = {
  level: 'info',
  stream: {
    write(line: string) {
      if (!line.includes('"list model built"')) return;
      const { workspaceId, versions, ms } = JSON.parse(line) as { workspaceId: string; versions: number; ms: number };
      listModelsBuilt.set(workspaceId, { versions, ms });
    },
  },
};

const hello = defineServerPlugin({
  id: 'bench-hello',
  apiVersion: PLUGIN_API_MAJOR,
  async routes(app) {
    app.get('/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }));
    app.get('/bench/list-models', { config: { access: 'public' } }, async () => ({
      built: Object.fromEntries(listModelsBuilt),
      rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    }));
  },
});

async function seed(db: PgDatabase) {
  const one = async <T,>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
  const { id: userId } = await one<{ id: string }>(
    `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ('bench@example.com', 'x', 'Bench', now(), 'processed') RETURNING id::text AS id`,
  );
  const { id: accountId } = await one<{ id: string }>(
    `INSERT INTO accounts (name) VALUES ('Bench') RETURNING id::text AS id`,
  );
  const { id: workspaceId } = await one<{ id: string }>(
    `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Bench') RETURNING id::text AS id`,
    [accountId],
  );
  const { id: accountUserId } = await one<{ id: string }>(
    `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin') RETURNING id::text AS id`,
    [accountId, userId],
  );
  await db.query(
    `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
    [workspaceId, accountUserId],
  );

  let started = performance.now();
  const labelIds: string[] = [];
  for (const caption of ['Client A', 'Client B', 'Urgent', 'Reviewed', 'Archive']) {
    labelIds.push(
      (
        await one<{ id: string }>(
          'INSERT INTO labels (workspace_id, caption) VALUES ($1, $2) RETURNING id::text AS id',
          [workspaceId, caption],
        )
      ).id,
    );
  }
  // Titles: "<word> interview <n>", the word cycling through WORDS made-up words (w0001harbor…).
  await db.query(
    `INSERT INTO projects (workspace_id, title, created_at)
     SELECT $1, 'w' || lpad((g % ${WORDS})::text, 4, '0') || 'harbor interview ' || g, now() - interval '400 days' + g * interval '30 seconds'
     FROM generate_series(1, $2::int) g`,
    [workspaceId, VERSIONS],
  );
  // Label i on every (i+2)-th version: 50 %, 33 %, 25 %, 20 %, 17 % of them (labels live on the version row, label_ids).
  await db.query(
    `INSERT INTO project_versions (project_id, workspace_id, title, duration_ms, created_at, label_ids)
     SELECT p.id, p.workspace_id, p.title, (p.id % 3600) * 1000, p.created_at,
            ARRAY(SELECT l.id FROM unnest($2::bigint[]) WITH ORDINALITY AS l(id, n) WHERE p.id % (l.n + 1) = 0)
     FROM projects p WHERE p.workspace_id = $1`,
    [workspaceId, labelIds],
  );
  // Rarer labels, on their own share (every 50th, 500th, 50,000th version: 2 %, 0.2 %, 20 versions),
  // where walking the list newest first would read thousands of rows per hit.
  for (const [caption, every] of [
    ['Client C', 50],
    ['Weekly', 500],
    ['Rare', 50_000],
  ] as const) {
    const { id } = await one<{ id: string }>(
      'INSERT INTO labels (workspace_id, caption) VALUES ($1, $2) RETURNING id::text AS id',
      [workspaceId, caption],
    );
    labelIds.push(id);
    await db.query(
      `UPDATE project_versions SET label_ids = label_ids || $2::bigint WHERE workspace_id = $1 AND id % $3 = 7`,
      [workspaceId, id, every],
    );
  }
  await db.query(
    `UPDATE labels l SET project_version_count = (SELECT count(*) FROM project_versions v WHERE v.workspace_id = $1 AND v.label_ids @> ARRAY[l.id])
     WHERE l.workspace_id = $1`,
    [workspaceId],
  );
  await db.query('UPDATE workspaces SET number_of_projects = $2 WHERE id = $1', [workspaceId, VERSIONS]);
  // What every processed version has in a real workspace: its subtitles (a transcript, and a
  // translation on every 2nd) and a finished run with the segmentation step that counted the
  // words. Without them the list's processing and subtitles columns probe empty indexes, and the
  // page's rows cost less than they do for anyone using Polycue.
  await db.query(
    `INSERT INTO subtitles (project_version_id, workspace_id, language, kind, cues_count, reviewed_count)
     SELECT v.id, v.workspace_id, 'en', 'transcript', 40 + v.id % 200, v.id % 40 FROM project_versions v WHERE v.workspace_id = $1
     UNION ALL
     SELECT v.id, v.workspace_id, 'fr', 'translation', 40 + v.id % 200, 0 FROM project_versions v WHERE v.workspace_id = $1 AND v.id % 2 = 0`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO pipeline_runs (project_version_id, workspace_id, kind, settings, steps, state, transcript_subtitle_id, finished_at)
     SELECT s.project_version_id, s.workspace_id, 'plain', '{}', ARRAY['transcription', 'segmentation'], 'done', s.id, now()
     FROM subtitles s WHERE s.workspace_id = $1 AND s.kind = 'transcript'`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO pipeline_steps (run_id, workspace_id, step, state, output)
     SELECT r.id, r.workspace_id, 'segmentation', 'done', jsonb_build_object('words', 100 + r.id % 900)
     FROM pipeline_runs r WHERE r.workspace_id = $1`,
    [workspaceId],
  );
  log(`seeded ${VERSIONS} labelled versions with subtitles and runs in ${Math.round(performance.now() - started)} ms`);

  started = performance.now();
  // One statement each: VACUUM refuses to run inside the implicit transaction of a multi-statement query.
  for (const table of ['projects', 'project_versions', 'labels', 'subtitles', 'pipeline_runs', 'pipeline_steps'])
    await db.query(`VACUUM ANALYZE ${table}`);
  // Write the seed's dirty pages out now: otherwise the checkpointer does it during the
  // measurement and the figures describe the seeding, not the list.
  await db.query('CHECKPOINT');
  log(`analysed and checkpointed in ${Math.round(performance.now() - started)} ms`);

  return { ...(await sessionAndIdSets(db, userId, workspaceId, VERSIONS)), workspaceId, labelIds };
}

/** A database seeded by an earlier run (BENCH_DATABASE_URL): its ids, and a fresh session. */
async function reuse(db: PgDatabase) {
  const { rows } = await db.query<{ userId: string; workspaceId: string }>(
    `SELECT u.id::text AS "userId", w.id::text AS "workspaceId" FROM users u JOIN account_users au ON au.user_id = u.id JOIN workspaces w ON w.account_id = au.account_id
     WHERE u.email = 'bench@example.com' ORDER BY w.id LIMIT 1`,
  );
  if (rows.length === 0) return null;
  const { workspaceId, userId } = rows[0];
  const labels = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM labels WHERE workspace_id = $1 AND caption NOT LIKE 'Bulk %' ORDER BY id`,
    [workspaceId],
  );
  const { rows: counted } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM project_versions WHERE workspace_id = $1 AND deleted_at IS NULL',
    [workspaceId],
  );
  log(`reusing ${counted[0].n} seeded versions`);
  return {
    ...(await sessionAndIdSets(db, userId, workspaceId, counted[0].n)),
    workspaceId,
    labelIds: labels.rows.map((row) => row.id),
  };
}

async function sessionAndIdSets(db: PgDatabase, userId: string, workspaceId: string, versions: number) {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [hashToken(token), userId, csrf],
  );
  // Three disjoint sets of 10,000 ids from the middle of the table for the bulk calls.
  const { rows } = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM project_versions WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY id OFFSET $2 LIMIT 30000',
    [workspaceId, Math.max(0, Math.floor(versions / 2) - 15000)],
  );
  const bulkIdSets = [0, 1, 2].map((set) => rows.slice(set * 10_000, (set + 1) * 10_000).map((row) => row.id));
  return { cookie: `${SESSION_COOKIE}=${token}`, csrf, bulkIdSets };
}

let teardownPostgres: (() => Promise<void>) | null = null;

/** A throw-away PostgreSQL server (removed on stop) with one new database. */
async function freshDatabase(): Promise<URL> {
  // Sized as a database server of its own would be (a quarter or so of its memory; PostgreSQL's
  // 128MB default is for small machines): a million versions with their indexes are about 600MB,
  // and reading them from the kernel's cache instead of shared buffers costs CPU on every list.
  process.env.POLYCUE_PG_SHARED_BUFFERS ??= '1GB';
  let adminUrl = '';
  teardownPostgres = await startPostgres({ provide: (_key: string, value: string) => (adminUrl = value) } as never);
  return new URL((await createScratchDatabase(adminUrl, 'polycue_bench')).url);
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-bench-pv-'));
  const url = process.env.BENCH_DATABASE_URL ? new URL(process.env.BENCH_DATABASE_URL) : await freshDatabase();
  const db = new PgDatabase(url.toString(), { max: 20 });
  const config = {
    // LIST_MODEL_MAX_VERSIONS=0 measures the list without its models (SQL only), for before/after runs.
    ...loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PORT: '0',
      // Room for the million and the versions the mix's writes add.
      LIST_MODEL_MAX_VERSIONS: process.env.LIST_MODEL_MAX_VERSIONS ?? '2000000',
    }),
    databaseUrl: url.toString(),
    authRateLimitPerMinute: 1_000_000,
  };
  const app = await buildApp({ config, db, plugins: [...serverPlugins, hello], logger });
  await app.ready();
  const seeded = (process.env.BENCH_DATABASE_URL && (await reuse(db))) || (await seed(db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // The same app with list pages never kept (LIST_CACHE_MB=0): what every request would cost if
  // no two were alike. Measured by the bench beside the real one, on the same database.
  const uncached = await buildApp({
    config: { ...config, listCacheMb: 0, role: 'web' },
    db,
    plugins: [...serverPlugins, hello],
    logger: false,
  });
  await uncached.listen({ port: 0, host: '127.0.0.1' });
  const { port: uncachedPort } = uncached.server.address() as { port: number };
  // One of the server's backends: its parent is the postmaster, whose CPU (and its children's) the bench reads from /proc.
  const { rows: backend } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await uncached.close();
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
  console.log(
    JSON.stringify({
      port,
      uncachedPort,
      postgresBackendPid: backend[0].pid,
      versions: VERSIONS,
      listModels: config.listModelMaxVersions > 0,
      databaseUrl: url.toString(),
      ...seeded,
    }),
  );
}

main().catch(async (error) => {
  console.error(error);
  await teardownPostgres?.().catch(() => {});
  process.exit(1);
});
