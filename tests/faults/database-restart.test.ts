import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_PATHS, type ProcessingInfo } from '../../plugins/pipeline/common/pipeline-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { makeSpeechVideo, type SpeechVideo } from '../http/pipeline-test-kit';
import {
  describeRun,
  memberOf,
  openFaultSite,
  seedVersion,
  setUp,
  sleep,
  startServer,
  stopServer,
  SHORT_TEXT,
  type FaultSite,
  type ServerProcess,
} from './fault-kit';
import { startOwnPostgres, type OwnPostgres } from './own-postgres';

/**
 * The PostgreSQL server goes down for a few seconds (stopped with its connections cut, then started
 * again) while a run is in its speech-to-text step and people keep loading the projects list.
 * Requests in the outage answer 503 in the usual error shape, never a 500; the web and worker
 * processes reconnect by themselves; the run resumes and writes its subtitles once.
 */
const OUTAGE_MS = 3000;

interface Answer {
  at: number;
  status: number;
  body: any;
}

describe('the database restarted in the middle of a run', () => {
  let pg: OwnPostgres;
  let site: FaultSite;
  let web: ServerProcess;
  let worker: ServerProcess;
  let video: SpeechVideo;
  let baseUrl: string;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    // Heartbeats lapse through the outage: a longer staleness keeps the step with its live worker.
    site = await openFaultSite(pg.url, 'restart', { PIPELINE_STALE_SECONDS: '15' });
    const making = makeSpeechVideo(site.dataDir, SHORT_TEXT);
    web = await startServer(site.env, 'web');
    baseUrl = web.baseUrl!;
    worker = await startServer(site.env, 'worker');
    video = await making;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web, worker].map(stopServer));
    await site?.close();
    pg?.destroy();
  });

  it('answers 503 while it is down, reconnects, and the run finishes once', async () => {
    const member = await memberOf(site);
    const versionId = await seedVersion(site, video.videoPath, 'Through a restart');
    const listUrl = `${baseUrl}${PROJECTS_PATHS.projectVersions}?workspaceId=${member.workspaceId}&page=1&perPage=20`;

    // Four people loading the list, one request after another each, until told to stop.
    const answers: Answer[] = [];
    let browsing = true;
    const browse = async () => {
      while (browsing) {
        const res = await fetch(listUrl, { headers: member.headers });
        const text = await res.text();
        answers.push({ at: Date.now(), status: res.status, body: text ? JSON.parse(text) : null });
        await sleep(50);
      }
    };
    const browsers = [1, 2, 3, 4].map(browse);

    const runId = await setUp(baseUrl, member, versionId, { language: 'en', subtitleLanguages: ['es'] });
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
      const { rows } = await site.db.query(
        `SELECT 1 FROM pipeline_steps WHERE run_id = $1 AND step = 'speech_to_text' AND state = 'running'`,
        [runId],
      );
      if (rows.length > 0) break;
    }

    const down = Date.now();
    pg.stop();
    await sleep(OUTAGE_MS);
    pg.start();
    const up = Date.now();

    // The processing page keeps polling; it may see a 503 or two while the pools reconnect.
    let info: ProcessingInfo | null = null;
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(500)) {
      const res = await fetch(`${baseUrl}${PIPELINE_PATHS.showProcessingInfo(versionId)}`, { headers: member.headers });
      expect([200, 503]).toContain(res.status);
      if (res.status !== 200) continue;
      info = ((await res.json()) as { data: ProcessingInfo | null }).data;
      if (info && (info.state === 'done' || info.state === 'failed')) break;
    }
    // Browsing goes on at least 6 s past the restart, so there are answers to judge afterwards
    // even when the run finished soon after it.
    await sleep(Math.max(500, up + 6000 - Date.now()));
    browsing = false;
    await Promise.all(browsers);

    // No 500, no dropped connection: 200 before and after, 503 in the usual shape in between.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((answer) => answer.at >= down)).toBe(true);
    for (const { body } of unavailable) {
      expect(body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'database_unavailable',
        message: 'The database is not reachable. Try again in a moment.',
      });
    }
    const afterwards = answers.filter((answer) => answer.at > up + 5000);
    expect(afterwards.length).toBeGreaterThan(0);
    expect(afterwards.every((answer) => answer.status === 200)).toBe(true);

    expect(info?.failure ?? null).toBeNull();
    expect(info?.state, await describeRun(site, runId, [web, worker])).toBe('done');

    // Whole subtitles, once: as many cues as the steps made, numbered without gaps or repeats.
    const { rows: cues } = await site.db.query<{ language: string; position: number }>(
      `SELECT s.language, c.position FROM subtitle_cues c JOIN subtitles s ON s.id = c.subtitle_id WHERE s.project_version_id = $1 ORDER BY s.language, c.position`,
      [versionId],
    );
    const { rows: made } = await site.db.query<{ step: string; cues: number }>(
      `SELECT step, (output->>'cues')::int AS cues FROM pipeline_steps WHERE run_id = $1 AND step IN ('segmentation', 'translation') ORDER BY step`,
      [runId],
    );
    for (const [language, step] of [
      ['en', 'segmentation'],
      ['es', 'translation'],
    ]) {
      const positions = cues.filter((cue) => cue.language === language).map((cue) => cue.position);
      expect(positions.length, language).toBe(made.find((row) => row.step === step)!.cues);
      expect(positions.length, language).toBeGreaterThan(0);
      expect(positions, language).toEqual(positions.map((_, index) => index));
    }
    const count = await site.db.query<{ n: number }>(
      'SELECT number_of_projects_successfully_created AS n FROM users WHERE id = $1',
      [member.userId],
    );
    expect(count.rows[0].n).toBe(1);
  }, 300_000);
});
