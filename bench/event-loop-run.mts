/**
 * Child process of bench/event-loop.bench.mjs (run with `node --import tsx`): the real app with
 * every server plugin on the embedded database, as `npm start` runs it (PGlite in memory, jobs in
 * process), or with BENCH_LOOP_DB=postgres on a throw-away PostgreSQL server (the test suite's),
 * one signed-in member, then the worst inputs of issue 22 one after the other while
 * /healthz is probed (tests/support/event-loop-probe.ts, the same probe as the HTTP test). Prints
 * one JSON line of figures on stdout.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SUBTITLES_PATHS } from '../plugins/subtitles/common/subtitles-contract';
import { TERMBASES_PATHS } from '../plugins/termbases/common/termbases-contract';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import { PgDatabase } from '../server/db/pg-database';
import { PgliteDatabase } from '../server/db/pglite-database';
import { hashToken, SESSION_COOKIE } from '../server/http/sessions';
import { serverPlugins } from '../server/plugins';
import {
  emptyElementsTbx,
  multipartFile,
  probeWhile,
  rawRequest,
  type Caller,
  type Probed,
} from '../tests/support/event-loop-probe';
import { srtOf } from '../tests/http/subtitles-test-kit';
import startPostgres from '../tests/support/global-setup';
import { createScratchDatabase } from '../tests/support/scratch-database';

const log = (...parts: unknown[]) => console.error('  [event-loop]', ...parts);
const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-bench-loop-'));
let teardownPostgres: (() => Promise<void>) | null = null;
let databaseUrl: string | null = null;
let db: Database;
if (process.env.BENCH_LOOP_DB === 'postgres') {
  let adminUrl = '';
  teardownPostgres = await startPostgres({ provide: (_key: string, value: string) => (adminUrl = value) } as never);
  databaseUrl = (await createScratchDatabase(adminUrl, 'polycue_bench_loop')).url;
  db = new PgDatabase(databaseUrl, { max: 5 });
} else {
  db = await PgliteDatabase.open(null);
}
const config = {
  ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }),
  databaseUrl,
  authRateLimitPerMinute: 100_000,
};
const app = await buildApp({ config, db, plugins: serverPlugins, logger: false });
await app.ready();

const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0].id;
const userId = await one(
  `INSERT INTO users (email, password_hash, name, confirmed_at, onboarding_state) VALUES ('loop@example.com', 'x', 'Loop', now(), 'processed') RETURNING id::text AS id`,
);
const accountId = await one(`INSERT INTO accounts (name) VALUES ('Loop') RETURNING id::text AS id`);
const workspaceId = await one(
  `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Loop') RETURNING id::text AS id`,
  [accountId],
);
const accountUserId = await one(
  `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'admin') RETURNING id::text AS id`,
  [accountId, userId],
);
await db.query(
  `INSERT INTO workspace_users (workspace_id, account_user_id, access_type) VALUES ($1, $2, 'account_admin')`,
  [workspaceId, accountUserId],
);
const token = randomBytes(32).toString('base64url');
const csrf = randomBytes(32).toString('base64url');
await db.query(
  `INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
  [hashToken(token), userId, csrf],
);
const caller: Caller = { cookie: `${SESSION_COOKIE}=${token}`, csrf };
const projectId = await one(`INSERT INTO projects (workspace_id, title) VALUES ($1, 'Film') RETURNING id::text AS id`, [
  workspaceId,
]);
const versionId = await one(
  `INSERT INTO project_versions (project_id, workspace_id, title, duration_ms) VALUES ($1, $2, 'Film', 0) RETURNING id::text AS id`,
  [projectId, workspaceId],
);

const json = { 'content-type': 'application/json' };
const figures: Record<string, Probed<unknown>> = {};
const measure = async (name: string, work: () => Promise<{ status: number }>) => {
  const probed = await probeWhile(app, work);
  log(
    `${name}: status ${(probed.result as { status: number }).status}; /healthz p99 ${probed.p99Ms} ms, max ${probed.maxMs} ms (${probed.samples} probes); event loop p99 ${probed.loopP99Ms} ms, max ${probed.loopMaxMs} ms`,
  );
  figures[name] = probed;
};

try {
  figures.idle = await probeWhile(app, () => new Promise((resolve) => setTimeout(resolve, 2000)));
  const termbase = JSON.parse(
    (
      await rawRequest(
        app,
        caller,
        'POST',
        TERMBASES_PATHS.termbases,
        JSON.stringify({ workspaceId, name: 'Loop', languages: ['en', 'es'] }),
        json,
      )
    ).text,
  );
  const tbx = JSON.stringify({ content: emptyElementsTbx(), fileName: 'huge.tbx' });
  await measure('tbx', () =>
    rawRequest(app, caller, 'PUT', TERMBASES_PATHS.importEntries(termbase.data.id), tbx, json),
  );

  const subtitle = JSON.parse(
    (
      await rawRequest(
        app,
        caller,
        'POST',
        SUBTITLES_PATHS.subtitles(versionId),
        JSON.stringify({ language: 'en' }),
        json,
      )
    ).text,
  );
  const subtitleId = subtitle.data.id as string;
  const upload = multipartFile('srt_content', 'film.srt', srtOf(100_000));
  await measure('srtImport', () =>
    rawRequest(app, caller, 'POST', SUBTITLES_PATHS.importSrt(versionId, subtitleId), upload.body, {
      'content-type': upload.contentType,
    }),
  );
  const cuesPath = SUBTITLES_PATHS.cues(versionId, subtitleId);
  let read = { status: 0, text: '' };
  await measure('cuesGet', async () => (read = await rawRequest(app, caller, 'GET', cuesPath)));
  const { data, cues } = JSON.parse(read.text);
  const save = JSON.stringify({ revision: data.attributes.revision, cues });
  await measure('cuesPut', () => rawRequest(app, caller, 'PUT', cuesPath, save, json));
  await measure('zip', () =>
    rawRequest(
      app,
      caller,
      'GET',
      `${SUBTITLES_PATHS.downloadSubtitles}?workspaceId=${workspaceId}&projectVersionIds=${versionId}&formats=srt,vtt,ass,ttml,sbv,txt`,
    ),
  );
  console.log(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(figures).map(([name, f]) => [
          name,
          { p99Ms: f.p99Ms, maxMs: f.maxMs, loopP99Ms: f.loopP99Ms, loopMaxMs: f.loopMaxMs, samples: f.samples },
        ]),
      ),
    ),
  );
} finally {
  await app.close();
  await db.close();
  await teardownPostgres?.().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}
