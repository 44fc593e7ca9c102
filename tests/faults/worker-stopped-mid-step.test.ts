import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeSpeechVideo, wordsOf, type SpeechVideo } from '../http/pipeline-test-kit';
import { engineStandIn, type EngineStandIn } from './engine-stand-in';
import {
  cuesOf,
  isAlive,
  memberOf,
  openFaultSite,
  seedVersion,
  setUp,
  startServer,
  stopServer,
  waitForRun,
  SHORT_TEXT,
  type FaultSite,
  type ServerProcess,
} from './fault-kit';

/**
 * A worker asked to stop (SIGTERM, as a deploy or a scale-down does) while its step is busy: the
 * step gets a few seconds to finish, then is handed back — its engine killed, the step pending
 * again and uncounted — and the worker exits. Another worker takes it at once: the dead-worker
 * threshold is set to ten minutes here, so only the hand-back can explain a quick finish.
 */

describe('a worker stopped in the middle of a step', () => {
  let site: FaultSite;
  let web: ServerProcess | undefined;
  let stopped: ServerProcess | undefined;
  let next: ServerProcess | undefined;
  let video: SpeechVideo;
  let standIn: EngineStandIn;
  let workerEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    site = await openFaultSite(inject('postgresUrl'), 'stopped', { PIPELINE_STALE_SECONDS: '600' });
    standIn = await engineStandIn(path.join(site.dataDir, 'stand-in'), 'pocketsphinx_continuous', { mode: 'hang' });
    workerEnv = { ...site.env, PATH: standIn.path };
    const making = makeSpeechVideo(site.dataDir, SHORT_TEXT);
    web = await startServer(site.env, 'web');
    stopped = await startServer(workerEnv, 'worker');
    video = await making;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(web), stopServer(stopped), stopServer(next)]);
    await site?.close();
  });

  it('hands the step back, uncounted, and another worker finishes the run at once', async () => {
    const member = await memberOf(site);
    const versionId = await seedVersion(site, video.videoPath, 'Stopped worker');
    const baseUrl = web!.baseUrl!;
    const runId = await setUp(baseUrl, member, versionId, { language: 'en', subtitleLanguages: [] });
    const enginePid = await standIn.hungPid();

    const asked = Date.now();
    await stopServer(stopped);
    const stopMs = Date.now() - asked;
    // Within pg-boss's 10 s of grace (stopServer would SIGKILL at 10 s; the exit code says it did not).
    expect(stopped!.child.exitCode).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    // The engine did not outlive its worker, and the step waits for another, its attempt not counted.
    expect(isAlive(enginePid)).toBe(false);
    const handedBack = await site.db.query<{ state: string; attempts: number }>(
      `SELECT state, attempts FROM pipeline_steps WHERE run_id = $1 AND step = 'speech_to_text'`,
      [runId],
    );
    expect(handedBack.rows.map((row) => [row.state, row.attempts])).toEqual([['pending', 0]]);

    await standIn.mode('real');
    const restarted = Date.now();
    next = await startServer(workerEnv, 'worker');
    const done = await waitForRun(baseUrl, member, versionId, 120_000);
    expect(done.failure).toBeNull();
    expect(done.state).toBe('done');
    // Far sooner than the ten-minute dead-worker threshold: taken as soon as the worker was there.
    expect(Date.now() - restarted).toBeLessThan(110_000);
    const steps = await site.db.query<{ attempts: number; workers: string[] }>(
      `SELECT attempts, workers FROM pipeline_steps WHERE run_id = $1 AND step = 'speech_to_text'`,
      [runId],
    );
    expect(steps.rows[0].attempts).toBe(1);
    expect(steps.rows[0].workers).toEqual([stopped!.worker, next.worker]);
    expect((await cuesOf(site.db, versionId)).en.flatMap((cue) => wordsOf(cue.text))).toContain('weather');
  }, 240_000);
});
