import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PIPELINE_PATHS, type ProcessingInfo } from '../../plugins/pipeline/common/pipeline-contract';
import { PgDatabase } from '../../server/db/pg-database';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { startServerProcess, stopServerProcess as stopServer, type ServerProcess } from '../support/server-process';
import { LocalStorage } from '../../server/storage/local-storage';
import { KNOWN_TEXT, makeSpeechVideo, seedVersionWithVideo, type SpeechVideo } from '../http/pipeline-test-kit';
import { seedMember, type SeededMember } from './pipeline-seed';

/**
 * docs/operations.md#several-machines on one box: one ROLE=web and two ROLE=worker processes of server/main.ts
 * on one PostgreSQL database and one DATA_DIR. A run's speech-to-text chunks are shared out
 * between the workers; one worker is killed with SIGKILL in the middle of a chunk, and the run
 * still completes exactly once, with no duplicated cues.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
describe('pipeline on PostgreSQL with two worker processes', () => {
  const adminUrl = inject('postgresUrl');
  let scratch: ScratchDatabase;
  let dataDir: string;
  let db: PgDatabase;
  let web: ServerProcess;
  let workers: ServerProcess[] = [];
  let video: SpeechVideo;
  let member: SeededMember;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pipeline-dist-'));
    scratch = await createScratchDatabase(adminUrl, 'polycue_dist');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PIPELINE_CHUNK_SECONDS: '4',
      PIPELINE_CHUNK_CONCURRENCY: '1',
      PIPELINE_STALE_SECONDS: '4',
      PIPELINE_WATCHDOG_SECONDS: '1',
      PIPELINE_RESEND_SECONDS: '4',
    };
    const making = makeSpeechVideo(path.join(dataDir), `${KNOWN_TEXT} ${KNOWN_TEXT}`);
    // The web process applies the migrations; the workers start once it listens.
    web = await startServerProcess({ ...env, ROLE: 'web' });
    baseUrl = web.baseUrl!;
    workers = await Promise.all([1, 2].map(() => startServerProcess({ ...env, ROLE: 'worker' })));
    db = new PgDatabase(scratch.url, { max: 2 });
    member = await seedMember(db);
    video = await making;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web, ...workers].map(stopServer));
    await db?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shares the chunks out, survives a worker killed mid-chunk and completes once', async () => {
    const storage = new LocalStorage(path.join(dataDir, 'files'));
    const { versionId } = await seedVersionWithVideo(db, storage, member.workspaceId, video.videoPath, 'Two workers');
    const setup = await fetch(`${baseUrl}${PIPELINE_PATHS.setup}`, {
      method: 'PUT',
      headers: member.headers,
      body: JSON.stringify({
        projectVersionIds: [versionId],
        includesTranscript: false,
        workspaceId: member.workspaceId,
        settings: { language: 'en', subtitleLanguages: ['es'] },
      }),
    });
    expect(setup.status).toBe(202);
    const runId = ((await setup.json()) as { data: { runId: string }[] }).data[0].runId;

    // Wait until a worker that already finished a chunk is in the middle of another, then kill it outright.
    let victim: ServerProcess | undefined;
    let victimPart = '';
    for (const deadline = Date.now() + 60_000; !victim && Date.now() < deadline; await sleep(100)) {
      const { rows } = await db.query<{ part: string; worker: string; state: string }>(
        `SELECT part, worker, state FROM pipeline_steps WHERE run_id = $1 AND step = 'speech_to_text' ORDER BY part::int`,
        [runId],
      );
      const finishedBy = new Set(rows.filter((row) => row.state === 'done').map((row) => row.worker));
      const running = rows.find(
        (row) => row.state === 'running' && finishedBy.has(row.worker) && workers.some((w) => w.worker === row.worker),
      );
      if (running) {
        victim = workers.find((w) => w.worker === running.worker);
        victimPart = running.part;
      }
    }
    expect(victim, 'a chunk running on a worker').toBeDefined();
    victim!.child.kill('SIGKILL');
    const survivor = workers.find((w) => w !== victim)!;

    let info: ProcessingInfo | null = null;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(500)) {
      const res = await fetch(`${baseUrl}${PIPELINE_PATHS.showProcessingInfo(versionId)}`, { headers: member.headers });
      expect(res.status).toBe(200);
      info = ((await res.json()) as { data: ProcessingInfo | null }).data;
      if (info && (info.state === 'done' || info.state === 'failed')) break;
    }
    expect(info?.failure ?? null).toBeNull();
    expect(info?.state).toBe('done');

    const steps = await db.query<{
      step: string;
      part: string;
      worker: string;
      workers: string[];
      attempts: number;
      state: string;
    }>('SELECT step, part, worker, workers, attempts, state FROM pipeline_steps WHERE run_id = $1', [runId]);
    expect(steps.rows.every((row) => row.state === 'done')).toBe(true);
    const chunks = steps.rows.filter((row) => row.step === 'speech_to_text');
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    // Both workers did chunks; the killed worker's chunk was taken over by the survivor.
    const finishers = new Set(chunks.map((row) => row.worker));
    expect(finishers).toEqual(new Set([victim!.worker, survivor.worker]));
    const takenOver = chunks.find((row) => row.part === victimPart)!;
    expect(takenOver.worker).toBe(survivor.worker);
    expect(takenOver.workers).toEqual([victim!.worker, survivor.worker]);
    expect(takenOver.attempts).toBe(2);

    // Exactly once: one count, the cues once, in order; the translation once too (its cues are
    // fitted to the sentence's time, so they are counted by the step's own report, in order).
    const count = await db.query<{ n: number }>(
      'SELECT number_of_projects_successfully_created AS n FROM users WHERE id = $1',
      [member.userId],
    );
    expect(count.rows[0].n).toBe(1);
    const cues = await db.query<{ language: string; start: number; n: number }>(
      `SELECT s.language, c.start_ms AS start FROM subtitle_cues c JOIN subtitles s ON s.id = c.subtitle_id WHERE s.project_version_id = $1 ORDER BY s.language, c.position`,
      [versionId],
    );
    const english = cues.rows.filter((row) => row.language === 'en').map((row) => row.start);
    const spanish = cues.rows.filter((row) => row.language === 'es').map((row) => row.start);
    const segmented = await db.query<{ cues: number }>(
      `SELECT (output->>'cues')::int AS cues FROM pipeline_steps WHERE run_id = $1 AND step = 'segmentation'`,
      [runId],
    );
    expect(english.length).toBe(segmented.rows[0].cues);
    expect(english.length).toBeGreaterThan(4);
    expect(english.every((start, index) => index === 0 || start > english[index - 1])).toBe(true);
    const translated = await db.query<{ cues: number }>(
      `SELECT (output->>'cues')::int AS cues FROM pipeline_steps WHERE run_id = $1 AND step = 'translation'`,
      [runId],
    );
    expect(spanish.length).toBe(translated.rows[0].cues);
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish.every((start, index) => index === 0 || start > spanish[index - 1])).toBe(true);
    expect(spanish[0]).toBeGreaterThanOrEqual(english[0] - 400);
  }, 180_000);
});
