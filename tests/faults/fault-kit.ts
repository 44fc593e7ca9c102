import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PIPELINE_PATHS, type ProcessingInfo } from '../../plugins/pipeline/common/pipeline-contract';
import { PgDatabase } from '../../server/db/pg-database';
import { LocalStorage } from '../../server/storage/local-storage';
import { seedVersionWithVideo } from '../http/pipeline-test-kit';
import { seedMember, type SeededMember } from '../distributed/pipeline-seed';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';

/**
 * What the fault tests share: server/main.ts started as separate OS processes (so a test can kill
 * one outright), on a database of their own and one DATA_DIR, driven over real HTTP.
 */
export const ROOT = path.resolve(__dirname, '../..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Is a process (an engine a test made hang) still there? */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A short sentence (a few seconds of espeak-ng speech): enough for every step, quick to process. */
export const SHORT_TEXT = 'Hello and welcome to our show. Today we talk about the weather in the city.';

/** Server processes as tests/support/server-process.ts starts them (the many-machines test's too), by role. */
export type { ServerProcess };
export const startServer = (env: NodeJS.ProcessEnv, role: 'web' | 'worker' | 'all'): Promise<ServerProcess> =>
  startServerProcess({ ...env, ROLE: role });
export const stopServer = stopServerProcess;

export function killOutright(server: ServerProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGKILL');
  return exited;
}

/** A scratch database on the test PostgreSQL, a DATA_DIR, a member, and the environment to start servers with. */
export interface FaultSite {
  scratch: ScratchDatabase;
  dataDir: string;
  db: PgDatabase;
  storage: LocalStorage;
  env: NodeJS.ProcessEnv;
  member: SeededMember | null;
  close(): Promise<void>;
}

export async function openFaultSite(
  adminUrl: string,
  name: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<FaultSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `polycue-${name}-`));
  const scratch = await createScratchDatabase(adminUrl, `polycue_${name}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    // Seconds, not the production minutes: a dead worker's step is taken over quickly.
    PIPELINE_STALE_SECONDS: '3',
    PIPELINE_WATCHDOG_SECONDS: '1',
    PIPELINE_RESEND_SECONDS: '3',
    PIPELINE_CHUNK_CONCURRENCY: '1',
    // pg-boss expires a dead worker's job (e.g. a watchdog look) within seconds, not minutes.
    JOB_QUEUE_MAINTENANCE_SECONDS: '2',
    ...extraEnv,
  };
  const db = new PgDatabase(scratch.url, { max: 2 });
  const site: FaultSite = {
    scratch,
    dataDir,
    db,
    storage: new LocalStorage(path.join(dataDir, 'files')),
    env,
    member: null,
    async close() {
      await db.close();
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

/** The member, written once the first server process has applied the migrations. */
export async function memberOf(site: FaultSite): Promise<SeededMember> {
  site.member ??= await seedMember(site.db);
  return site.member;
}

/**
 * Voice-overs need a paid plan when the billing plugin is installed: the member's account gets an
 * active 'pro' subscription (written as the plugin's local provider would).
 */
export async function givePaidPlan(site: FaultSite): Promise<void> {
  const { rows } = await site.db.query<{ installed: boolean }>(
    `SELECT to_regclass('billing_subscriptions') IS NOT NULL AS installed`,
  );
  if (!rows[0].installed) return;
  const member = await memberOf(site);
  await site.db.query(
    `INSERT INTO billing_subscriptions (account_id, provider, external_id, plan, status, current_period_start, current_period_end, provider_version)
     SELECT account_id, 'local', 'faults-' || account_id, 'pro', 'active', now() - interval '1 day', now() + interval '29 days', now() FROM workspaces WHERE id = $1`,
    [member.workspaceId],
  );
}

export async function seedVersion(site: FaultSite, videoPath: string, title: string): Promise<string> {
  const member = await memberOf(site);
  return (await seedVersionWithVideo(site.db, site.storage, member.workspaceId, videoPath, title)).versionId;
}

/** PUT setup as the processing dialog does; the run id. */
export async function setUp(
  baseUrl: string,
  member: SeededMember,
  versionId: string,
  settings: object,
  kind: 'setup' | 'setupTts' = 'setup',
): Promise<string> {
  const res = await fetch(`${baseUrl}${PIPELINE_PATHS[kind]}`, {
    method: 'PUT',
    headers: member.headers,
    body: JSON.stringify({
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings,
    }),
  });
  if (res.status !== 202) throw new Error(`setup answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { runId: string }[] }).data[0].runId;
}

/** Polls show_processing_info as the processing page does, until the run is done or failed. */
export async function waitForRun(
  baseUrl: string,
  member: SeededMember,
  versionId: string,
  timeoutMs = 90_000,
): Promise<ProcessingInfo> {
  let info: ProcessingInfo | null = null;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(300)) {
    const res = await fetch(`${baseUrl}${PIPELINE_PATHS.showProcessingInfo(versionId)}`, { headers: member.headers });
    if (res.status !== 200) throw new Error(`show_processing_info answered ${res.status}: ${await res.text()}`);
    info = ((await res.json()) as { data: ProcessingInfo | null }).data;
    if (info && (info.state === 'done' || info.state === 'failed')) return info;
  }
  throw new Error(`run not finished within ${timeoutMs} ms: ${JSON.stringify(info)}`);
}

/** The cues of a version's subtitles, by language, as people see them (text and times). */
export async function cuesOf(
  db: PgDatabase,
  versionId: string,
): Promise<Record<string, { start: number; end: number; text: string }[]>> {
  const { rows } = await db.query<{ language: string; start: number; end: number; text: string }>(
    `SELECT s.language, c.start_ms AS start, c.end_ms AS "end", c.text FROM subtitle_cues c JOIN subtitles s ON s.id = c.subtitle_id
     WHERE s.project_version_id = $1 ORDER BY s.language, c.position`,
    [versionId],
  );
  const byLanguage: Record<string, { start: number; end: number; text: string }[]> = {};
  for (const { language, ...cue } of rows) (byLanguage[language] ??= []).push(cue);
  return byLanguage;
}

/** Where a run stands (its steps and their pg-boss jobs) and what the servers wrote: the message of a failed wait. */
export async function describeRun(
  site: FaultSite,
  runId: string,
  servers: (ServerProcess | undefined)[],
): Promise<string> {
  const steps = await site.db.query(
    `SELECT step, part, state, worker, attempts, heartbeat_at::text AS heartbeat, enqueued_at::text AS enqueued FROM pipeline_steps WHERE run_id = $1 ORDER BY started_at NULLS LAST`,
    [runId],
  );
  const jobs = await site.db.query(
    `SELECT name, state, retry_count AS retries, start_after::text AS "startAfter", singleton_key AS key FROM pgboss.job WHERE data->>'runId' = $1 ORDER BY created_on DESC LIMIT 30`,
    [runId],
  );
  const logs = servers.map((server) => server?.output.join('').slice(-3000) ?? '').join('\n---\n');
  return `now ${new Date().toISOString()}\nsteps ${JSON.stringify(steps.rows, null, 1)}\njobs ${JSON.stringify(jobs.rows, null, 1)}\nlogs\n${logs}`;
}
