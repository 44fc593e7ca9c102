/**
 * Child process of bench/load.bench.mjs (run with `node --import tsx`): a throw-away PostgreSQL
 * server (the test suite's global setup) or BENCH_DATABASE_URL, the real app as a web process
 * (ROLE=web, every server plugin, pages kept as configured) in this process, and one worker
 * process (`server/main.ts` with ROLE=worker) on the same database and data folder. Seeds
 * LOAD_WORKSPACES teams of LOAD_USERS_PER_WORKSPACE people (sessions written straight into the
 * table), LOAD_VERSIONS_PER_WORKSPACE versions each with labels, a few versions with subtitles
 * and a share link (made through the API, as people do), and versions with a short spoken
 * video for the set-ups. Prints one JSON line and stops when stdin closes.
 *
 * A bench-only route, GET /bench/heap, runs the garbage collector (node --expose-gc) and
 * answers process.memoryUsage() and the CPU time spent so far: the web process's heap before and
 * after the run, and its CPU per request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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
import { makeSpeechVideo } from '../tests/http/pipeline-test-kit';
import { srtOf } from '../tests/http/subtitles-test-kit';

const WORKSPACES = Number(process.env.LOAD_WORKSPACES ?? 50);
const USERS_PER_WORKSPACE = Number(process.env.LOAD_USERS_PER_WORKSPACE ?? 4);
const VERSIONS_PER_WORKSPACE = Number(process.env.LOAD_VERSIONS_PER_WORKSPACE ?? 4000);
const SHARED_PER_WORKSPACE = 3;
const MEDIA_PER_WORKSPACE = Number(process.env.LOAD_MEDIA_PER_WORKSPACE ?? 12);
const log = (...parts: unknown[]) => console.error('  [load-app]', ...parts);

const heap = defineServerPlugin({
  id: 'bench-heap',
  apiVersion: PLUGIN_API_MAJOR,
  async routes(app) {
    app.get('/bench/heap', { config: { access: 'public' } }, async () => {
      (globalThis as { gc?: () => void }).gc?.();
      const cpu = process.cpuUsage();
      return { ...process.memoryUsage(), cpuMs: (cpu.user + cpu.system) / 1000 };
    });
  },
});

let teardownPostgres: (() => Promise<void>) | null = null;

async function database(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  let adminUrl = '';
  teardownPostgres = await startPostgres({ provide: (_key: string, value: string) => (adminUrl = value) } as never);
  return (await createScratchDatabase(adminUrl, 'polycue_load')).url;
}

/** Teams, people, sessions, versions with labels: one INSERT … generate_series per table. */
async function seedPeople(db: PgDatabase) {
  const started = performance.now();
  const tag = randomBytes(3).toString('hex');
  const workspaces: { id: string; labelIds: string[]; users: { cookie: string; csrf: string }[] }[] = [];
  for (let w = 0; w < WORKSPACES; w++) {
    const one = async (sql: string, params: unknown[]) =>
      (await db.query<{ id: string }>(`${sql} RETURNING id::text AS id`, params)).rows[0].id;
    const accountId = await one('INSERT INTO accounts (name) VALUES ($1)', [`Team ${w}`]);
    const workspaceId = await one('INSERT INTO workspaces (account_id, name) VALUES ($1, $2)', [
      accountId,
      `Workspace ${w}`,
    ]);
    const users = [];
    for (let u = 0; u < USERS_PER_WORKSPACE; u++) {
      const userId = await one(
        `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ($1, 'x', $2, now(), 'processed')`,
        [`load.${tag}.${w}.${u}@example.com`, `Person ${w}.${u}`],
      );
      const accountUserId = await one('INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)', [
        accountId,
        userId,
        u === 0 ? 'admin' : 'member',
      ]);
      await db.query(`INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, $3)`, [
        workspaceId,
        accountUserId,
        u === 0 ? 'account_admin' : 'member',
      ]);
      const token = randomBytes(32).toString('base64url');
      const csrf = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
        [hashToken(token), userId, csrf],
      );
      users.push({ cookie: `${SESSION_COOKIE}=${token}`, csrf });
    }
    const labelIds = [];
    for (const caption of ['Client A', 'Client B', 'Urgent', 'Reviewed', 'Rare'])
      labelIds.push(await one('INSERT INTO labels (workspace_id, caption) VALUES ($1, $2)', [workspaceId, caption]));
    workspaces.push({ id: workspaceId, labelIds, users });
  }
  // Versions: titles "w0042harbor interview <n>" as in bench/project-versions; labels on 1/2, 1/3, 1/4, 1/5 and 1/500 of them.
  await db.query(
    `INSERT INTO projects (workspace_id, title, created_at)
     SELECT w.id, 'w' || lpad((g % 1000)::text, 4, '0') || 'harbor interview ' || g, now() - interval '200 days' + g * interval '1 minute'
     FROM unnest($1::bigint[]) w(id), generate_series(1, $2::int) g`,
    [workspaces.map((w) => w.id), VERSIONS_PER_WORKSPACE],
  );
  await db.query(
    `INSERT INTO project_versions (project_id, workspace_id, title, duration_ms, created_at, label_ids)
     SELECT p.id, p.workspace_id, p.title, (p.id % 3600) * 1000, p.created_at,
            ARRAY(SELECT l.id FROM labels l WHERE l.workspace_id = p.workspace_id
                  AND p.id % (CASE l.caption WHEN 'Client A' THEN 2 WHEN 'Client B' THEN 3 WHEN 'Urgent' THEN 4 WHEN 'Reviewed' THEN 5 ELSE 500 END) = 0)
     FROM projects p WHERE p.workspace_id = ANY($1::bigint[])`,
    [workspaces.map((w) => w.id)],
  );
  await db.query(
    `UPDATE labels l SET project_version_count = (SELECT count(*) FROM project_versions v WHERE v.workspace_id = l.workspace_id AND v.label_ids @> ARRAY[l.id])
     WHERE l.workspace_id = ANY($1::bigint[])`,
    [workspaces.map((w) => w.id)],
  );
  await db.query('UPDATE workspaces SET number_of_projects = $2 WHERE id = ANY($1::bigint[])', [
    workspaces.map((w) => w.id),
    VERSIONS_PER_WORKSPACE,
  ]);
  for (const table of ['projects', 'project_versions', 'labels']) await db.query(`VACUUM ANALYZE ${table}`);
  log(
    `seeded ${WORKSPACES} workspaces x ${USERS_PER_WORKSPACE} people x ${VERSIONS_PER_WORKSPACE} versions in ${Math.round(performance.now() - started)} ms`,
  );
  return workspaces;
}

/** Versions with the spoken clip as their ready element (stored as uploads are), for set-ups. */
async function seedMedia(
  db: PgDatabase,
  storage: { put(key: string, data: Buffer, type: string): Promise<unknown> },
  workspaceIds: string[],
  clip: Buffer,
  durationMs: number,
) {
  const media: Record<string, string[]> = {};
  for (const workspaceId of workspaceIds) {
    media[workspaceId] = [];
    for (let i = 0; i < MEDIA_PER_WORKSPACE; i++) {
      const projectId = (
        await db.query<{ id: string }>(
          'INSERT INTO projects (workspace_id, title) VALUES ($1, $2) RETURNING id::text AS id',
          [workspaceId, `Speech ${i}`],
        )
      ).rows[0].id;
      const elementId = (
        await db.query<{ id: string }>(
          `INSERT INTO elements (workspace_id, project_id, title, state, size_bytes, duration_ms) VALUES ($1, $2, 'speech', 'ready', $3, $4) RETURNING id::text AS id`,
          [workspaceId, projectId, clip.length, durationMs],
        )
      ).rows[0].id;
      const key = `elements/${workspaceId}/${elementId}/video.mp4`;
      await storage.put(key, clip, 'video/mp4');
      await db.query('UPDATE elements SET storage_key = $2 WHERE id = $1', [elementId, key]);
      const versionId = (
        await db.query<{ id: string }>(
          'INSERT INTO project_versions (project_id, workspace_id, element_id, title, duration_ms) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id',
          [projectId, workspaceId, elementId, `Speech ${i}`, durationMs],
        )
      ).rows[0].id;
      media[workspaceId].push(versionId);
    }
  }
  return media;
}

/** Through the API, as a person would: a subtitle, its cues (SRT import) and a share link on a few versions per workspace. */
async function seedShared(base: string, workspaces: Awaited<ReturnType<typeof seedPeople>>, db: PgDatabase) {
  const shared: Record<string, { versionId: string; subtitleId: string; token: string }[]> = {};
  for (const workspace of workspaces) {
    const { cookie, csrf } = workspace.users[0];
    const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
    const { rows } = await db.query<{ id: string }>(
      'SELECT id::text AS id FROM project_versions WHERE workspace_id = $1 ORDER BY id LIMIT $2',
      [workspace.id, SHARED_PER_WORKSPACE],
    );
    shared[workspace.id] = [];
    for (const { id: versionId } of rows) {
      const subtitle = await fetch(`${base}/api/v1/project_versions/${versionId}/subtitles`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ language: 'en' }),
      });
      const subtitleId = ((await subtitle.json()) as { data: { id: string } }).data.id;
      const form = new FormData();
      form.append('srt_content', new Blob([srtOf(40)]), 'subtitles.srt');
      const imported = await fetch(`${base}/api/v1/project_versions/${versionId}/subtitles/${subtitleId}/import_srt`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf },
        body: form,
      });
      if (!imported.ok) throw new Error(`seed import answered ${imported.status}: ${await imported.text()}`);
      const link = await fetch(`${base}/api/v1/subtitles/${subtitleId}/external_tokens`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf },
      });
      const url = ((await link.json()) as { externalTokenUrl: string }).externalTokenUrl;
      shared[workspace.id].push({ versionId, subtitleId, token: url.split('/share/')[1] });
    }
  }
  return shared;
}

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, ROLE: 'worker', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  worker.once('exit', (code, signal) => log(`worker exited (${code ?? signal})`));
  return worker;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-load-'));
  const databaseUrl = await database();
  const db = new PgDatabase(databaseUrl, { max: Number(process.env.LOAD_DB_POOL ?? 20) });
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    METRICS_TOKEN: 'load-bench',
    UNDO_DELETE_SECONDS: '5',
  };
  const config = { ...loadConfig(env), role: 'web' as const, authRateLimitPerMinute: 1_000_000 };
  const app = await buildApp({ config, db, plugins: [...serverPlugins, heap], logger: false });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const worker = startWorker(env);

  const workspaces = await seedPeople(db);
  const clipDir = await mkdtemp(path.join(tmpdir(), 'polycue-load-clip-'));
  const video = await makeSpeechVideo(
    clipDir,
    'Hello and welcome to our show. Today we talk about the weather in the city.',
  );
  const media = await seedMedia(
    db,
    app.storage,
    workspaces.map((w) => w.id),
    await readFile(video.videoPath),
    Math.round(video.durationMs),
  );
  const shared = await seedShared(base, workspaces, db);
  await db.query('CHECKPOINT');
  log(
    `${Object.values(media).flat().length} versions with a ${Math.round(video.durationMs / 100) / 10} s spoken clip; ${Object.values(shared).flat().length} shared subtitles`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      worker.kill('SIGTERM');
      await new Promise((resolve) => (worker.exitCode !== null ? resolve(null) : worker.once('exit', resolve)));
      await app.close();
      await db.close();
    } finally {
      await teardownPostgres?.();
      await rm(dataDir, { recursive: true, force: true });
      await rm(clipDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  const videoSeconds = video.durationMs / 1000;
  const { rows: dataDirectory } = await db.query<{ setting: string }>(
    `SELECT setting FROM pg_settings WHERE name = 'data_directory'`,
  );
  console.log(
    JSON.stringify({
      base,
      databaseUrl,
      metricsToken: env.METRICS_TOKEN,
      videoSeconds,
      workerPid: worker.pid,
      postgresDataDir: dataDirectory[0].setting,
      workspaces: workspaces.map((w) => ({ ...w, media: media[w.id], shared: shared[w.id] })),
    }),
  );
}

main().catch(async (error) => {
  console.error(error);
  await teardownPostgres?.().catch(() => {});
  process.exit(1);
});
