import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROCESSING_STEP_LABELS } from '../../plugins/pipeline/common/pipeline-contract';
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
 * A speech-to-text engine that hangs, then one that crashes, then the real one: the engine is
 * found on PATH (as the embedded engines are), so a stand-in script put first on the server's
 * PATH replaces it. The step runs out of its time limit (PIPELINE_STEP_TIMEOUT_SECONDS, shortened
 * here) and the run fails with a message naming the step; setting the version up again (the retry
 * the product offers: a failed run does not block a new set-up) runs it through once the engine works.
 */
const STEP_LIMIT_SECONDS = 3;

describe('an engine that hangs or crashes', () => {
  let site: FaultSite;
  let server: ServerProcess;
  let video: SpeechVideo;
  let baseUrl: string;
  let standIn: EngineStandIn;

  beforeAll(async () => {
    site = await openFaultSite(inject('postgresUrl'), 'engine');
    standIn = await engineStandIn(path.join(site.dataDir, 'stand-in'), 'pocketsphinx_continuous', {
      crashMessage: 'decoder: corrupt model',
      mode: 'hang',
    });
    const making = makeSpeechVideo(site.dataDir, SHORT_TEXT);
    server = await startServer(
      {
        ...site.env,
        PATH: standIn.path,
        PIPELINE_STEP_TIMEOUT_SECONDS: String(STEP_LIMIT_SECONDS),
        PIPELINE_MAX_ATTEMPTS: '2',
      },
      'all',
    );
    baseUrl = server.baseUrl!;
    video = await making;
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    await site?.close();
  });

  it('times the hung step out naming it, reports a crash, and finishes when set up again', async () => {
    const member = await memberOf(site);
    const versionId = await seedVersion(site, video.videoPath, 'Hung engine');
    const settings = { language: 'en', subtitleLanguages: [] };

    const started = Date.now();
    const hungRun = await setUp(baseUrl, member, versionId, settings);
    const hung = await waitForRun(baseUrl, member, versionId, 60_000);
    expect(hung.state).toBe('failed');
    expect(hung.failure).toEqual({
      step: 'speech_to_text',
      message: `${PROCESSING_STEP_LABELS.speech_to_text} timed out after ${STEP_LIMIT_SECONDS} s`,
    });
    // Two attempts of 3 s and pg-boss's retry delay, not the engine's own minute-long limit.
    expect(Date.now() - started).toBeLessThan(40_000);
    // The hung process was killed, not left behind holding a core.
    const hungPid = await standIn.hungPid();
    expect(isAlive(hungPid)).toBe(false);
    const attempts = await site.db.query<{ attempts: number; state: string }>(
      `SELECT attempts, state FROM pipeline_steps WHERE run_id = $1 AND step = 'speech_to_text'`,
      [hungRun],
    );
    expect(attempts.rows.map((row) => [row.state, row.attempts])).toEqual([['failed', 2]]);

    await standIn.mode('crash');
    await setUp(baseUrl, member, versionId, settings);
    const crashed = await waitForRun(baseUrl, member, versionId, 60_000);
    expect(crashed.state).toBe('failed');
    expect(crashed.failure?.step).toBe('speech_to_text');
    expect(crashed.failure?.message).toMatch(
      new RegExp(
        `^${PROCESSING_STEP_LABELS.speech_to_text} failed: .*pocketsphinx_continuous was killed by SIGSEGV: decoder: corrupt model`,
      ),
    );
    // Nothing half-written: the failed runs left the transcript empty.
    expect(await cuesOf(site.db, versionId)).toEqual({});

    // The engine put right (and the server restarted without the test's 3 s limit, which a real
    // decoder on a busy machine may need): the user sets the version up again.
    await standIn.mode('real');
    await stopServer(server);
    server = await startServer({ ...site.env, PATH: standIn.path, PIPELINE_MAX_ATTEMPTS: '2' }, 'all');
    baseUrl = server.baseUrl!;
    await setUp(baseUrl, member, versionId, settings);
    const done = await waitForRun(baseUrl, member, versionId, 90_000);
    expect(done.failure).toBeNull();
    expect(done.state).toBe('done');
    const heard = (await cuesOf(site.db, versionId)).en.flatMap((cue) => wordsOf(cue.text));
    expect(heard).toContain('weather');
    const count = await site.db.query<{ n: number }>(
      'SELECT number_of_projects_successfully_created AS n FROM users WHERE id = $1',
      [member.userId],
    );
    expect(count.rows[0].n).toBe(1);
  }, 150_000);
});
