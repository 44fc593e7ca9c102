import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listOutbox } from '../../server/mail/outbox';
import { makeSpeechVideo, type SpeechVideo } from '../http/pipeline-test-kit';
import {
  cuesOf,
  givePaidPlan,
  killOutright,
  memberOf,
  openFaultSite,
  seedVersion,
  setUp,
  sleep,
  startServer,
  stopServer,
  waitForRun,
  SHORT_TEXT,
  type FaultSite,
  type ServerProcess,
} from './fault-kit';

/**
 * A voice-over run (every pipeline step) whose worker is killed with SIGKILL in the middle of
 * each step in turn, on separate worker processes: the run still finishes exactly once, with the
 * same subtitles and voice-over as an undisturbed run of the same video.
 *
 * "In the middle" is the most dangerous moment: the step has done its work and is inside its
 * completing transaction (outputs written, not committed). A trigger the test adds holds that
 * transaction (pg_sleep) for the step under test, so the kill lands there every time, whatever
 * the step's speed; the server's `client_connection_check_interval` lets PostgreSQL notice the
 * dead client and roll the transaction back at once.
 */
const HOLD = `
CREATE TABLE fault_target (step text);
INSERT INTO fault_target VALUES (NULL);
CREATE FUNCTION fault_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 'running' AND NEW.state = 'done' AND NEW.step = (SELECT step FROM fault_target) THEN
    PERFORM set_config('application_name', 'fault-hold ' || NEW.worker, true);
    PERFORM pg_sleep(30);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER fault_hold BEFORE UPDATE ON pipeline_steps FOR EACH ROW EXECUTE FUNCTION fault_hold();`;

const SETTINGS = { language: 'en', subtitleLanguages: ['es'], dubbingLanguages: ['es'] };

describe('a worker killed in the middle of each pipeline step', () => {
  let site: FaultSite;
  let web: ServerProcess;
  const workers: ServerProcess[] = [];
  let video: SpeechVideo;
  let baseUrl: string;

  beforeAll(async () => {
    site = await openFaultSite(inject('postgresUrl'), 'sigkill');
    const making = makeSpeechVideo(site.dataDir, SHORT_TEXT);
    web = await startServer(site.env, 'web'); // applies the migrations
    baseUrl = web.baseUrl!;
    await site.db.exec(HOLD);
    const database = new URL(site.scratch.url).pathname.slice(1);
    await site.db.exec(`ALTER DATABASE ${database} SET client_connection_check_interval = '200ms'`);
    workers.push(...(await Promise.all([1, 2].map(() => startServer(site.env, 'worker')))));
    video = await making;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web, ...workers].map(stopServer));
    await site?.close();
  });

  /** The worker id held in the trigger, once a completing transaction of the target step waits there. */
  async function heldWorker(timeoutMs: number, dead: Set<string>): Promise<string> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) {
      const { rows } = await site.db.query<{ name: string }>(
        `SELECT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'fault-hold %'`,
      );
      // A killed worker's connection lingers until PostgreSQL notices (within client_connection_check_interval).
      const held = rows.map((row) => row.name.slice('fault-hold '.length)).find((worker) => !dead.has(worker));
      if (held) return held;
    }
    const steps = await site.db.query(
      `SELECT step, part, state, worker, attempts, heartbeat_at::text, enqueued_at::text FROM pipeline_steps ORDER BY run_id, started_at`,
    );
    const jobs = await site.db.query(
      `SELECT name, state, retry_count, singleton_key, data::text FROM pgboss.job WHERE name LIKE 'pipeline.%' AND name <> 'pipeline.watchdog' ORDER BY created_on`,
    );
    const logs = workers.map((worker) => worker.output.join('').slice(-2000)).join('\n---\n');
    throw new Error(
      `no step reached its completing transaction\n${JSON.stringify(steps.rows, null, 1)}\n${JSON.stringify(jobs.rows, null, 1)}\n${logs}`,
    );
  }

  it('finishes once, with the result of an undisturbed run', async () => {
    const member = await memberOf(site);
    await givePaidPlan(site);
    const reference = await seedVersion(site, video.videoPath, 'Undisturbed');
    await setUp(baseUrl, member, reference, SETTINGS, 'setupTts');
    expect((await waitForRun(baseUrl, member, reference, 240_000)).state).toBe('done');

    const versionId = await seedVersion(site, video.videoPath, 'Killed at every step');
    await site.db.query(`UPDATE fault_target SET step = 'fetch_media'`);
    const runId = await setUp(baseUrl, member, versionId, SETTINGS, 'setupTts');
    const { rows: runRows } = await site.db.query<{ steps: string[] }>(
      'SELECT steps FROM pipeline_runs WHERE id = $1',
      [runId],
    );
    const steps = runRows[0].steps;
    expect(steps).toEqual([
      'fetch_media',
      'probe',
      'extract_audio',
      'speech_to_text',
      'segmentation',
      'translation',
      'synthesis',
      'mixing',
      'finish',
    ]);

    const killed: Record<string, string> = {};
    const starting: Promise<void>[] = [];
    for (const [index, step] of steps.entries()) {
      const held = await heldWorker(90_000, new Set(Object.values(killed)));
      // The redo of this step passes; the next step is held in its turn.
      await site.db.query('UPDATE fault_target SET step = $1', [steps[index + 1] ?? null]);
      let victim = workers.find((worker) => worker.worker === held);
      for (const deadline = Date.now() + 30_000; !victim && Date.now() < deadline; await sleep(100))
        victim = workers.find((worker) => worker.worker === held);
      expect(victim, `the worker holding ${step}`).toBeDefined();
      await killOutright(victim!);
      workers.splice(workers.indexOf(victim!), 1);
      killed[step] = held;
      // Another worker machine comes up while the survivor takes the step over.
      starting.push(startServer(site.env, 'worker').then((worker) => void workers.push(worker)));
    }
    const info = await waitForRun(baseUrl, member, versionId, 180_000);
    await Promise.all(starting);
    expect(info.failure).toBeNull();
    expect(info.state).toBe('done');

    // Every step was cut off once and finished by another worker.
    const { rows } = await site.db.query<{ step: string; state: string; workers: string[]; worker: string }>(
      'SELECT step, state, workers, worker FROM pipeline_steps WHERE run_id = $1',
      [runId],
    );
    expect(rows.map((row) => row.step).sort()).toEqual([...steps].sort());
    for (const row of rows) {
      expect(row.state, row.step).toBe('done');
      expect(row.workers[0], row.step).toBe(killed[row.step]);
      expect(row.worker, row.step).not.toBe(killed[row.step]);
    }

    // The same subtitles as the undisturbed run, each cue once.
    const expected = await cuesOf(site.db, reference);
    expect(Object.keys(expected).sort()).toEqual(['en', 'es']);
    expect(expected.en.length).toBeGreaterThan(0);
    expect(await cuesOf(site.db, versionId)).toEqual(expected);

    // One voice-over: one row, one audio and one video file, the run's files cleaned up.
    const dubbed = await site.db.query<{ language: string; clips: unknown[] }>(
      'SELECT language, clips FROM pipeline_dubbed_media WHERE project_version_id = ANY($1::bigint[]) ORDER BY project_version_id',
      [[reference, versionId]],
    );
    expect(dubbed.rows.map((row) => row.language)).toEqual(['es', 'es']);
    expect(dubbed.rows[1].clips).toEqual(dubbed.rows[0].clips);
    const files = path.join(site.dataDir, 'files');
    expect((await readdir(path.join(files, 'dubbed', member.workspaceId, versionId))).sort()).toEqual([
      `${runId}-es.m4a`,
      `${runId}-es.mp4`,
    ]);
    // The run's intermediate files (speech audio, voice clips) are gone from storage and from the work folder.
    const left = await readdir(path.join(files, 'pipeline', runId), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    expect(await stat(path.join(site.dataDir, 'work', runId)).catch(() => null)).toBeNull();

    // Counted once and mailed once per run.
    const count = await site.db.query<{ n: number }>(
      'SELECT number_of_projects_successfully_created AS n FROM users WHERE id = $1',
      [member.userId],
    );
    expect(count.rows[0].n).toBe(2);
    let ready: string[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && ready.length < 2; await sleep(200)) {
      ready = (await listOutbox(path.join(site.dataDir, 'outbox')))
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes('is ready'));
    }
    await sleep(1000); // a duplicate would arrive right behind
    ready = (await listOutbox(path.join(site.dataDir, 'outbox')))
      .map((mail) => mail.subject)
      .filter((subject) => subject.includes('is ready'));
    expect(ready.sort()).toEqual([
      'Your project "Killed at every step" is ready',
      'Your project "Undisturbed" is ready',
    ]);
  }, 600_000);
});
