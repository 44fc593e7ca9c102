import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXPORTS_PATHS } from '../../plugins/exports/common/exports-contract';
import { SUBTITLES_PATHS } from '../../plugins/subtitles/common/subtitles-contract';
import { makeVideo, probeBytes } from '../http/exports-test-kit';
import { srtOf } from '../http/subtitles-test-kit';
import { engineStandIn, type EngineStandIn } from './engine-stand-in';
import {
  killOutright,
  memberOf,
  openFaultSite,
  seedVersion,
  sleep,
  startServer,
  stopServer,
  type FaultSite,
  type ServerProcess,
} from './fault-kit';

/**
 * A worker killed outright (SIGKILL) while it burns subtitles into a video. Its pg-boss job would
 * only come back after the queue's expiry (hours); the export's watchdog hears the worker fall
 * silent and sends the export again, and another worker makes it: the user gets one finished
 * video, with one "ready" state and no second copy, soon after the kill.
 */

describe('a worker killed in the middle of an export', () => {
  let site: FaultSite;
  let web: ServerProcess | undefined;
  let doomed: ServerProcess | undefined;
  let next: ServerProcess | undefined;
  let standIn: EngineStandIn;
  let workerEnv: NodeJS.ProcessEnv;
  let videoPath: string;

  beforeAll(async () => {
    site = await openFaultSite(inject('postgresUrl'), 'export_killed', {
      EXPORT_STALE_SECONDS: '3',
      EXPORT_WATCHDOG_SECONDS: '1',
    });
    standIn = await engineStandIn(path.join(site.dataDir, 'stand-in'), 'ffmpeg', { mode: 'hang' });
    workerEnv = { ...site.env, PATH: standIn.path };
    videoPath = path.join(site.dataDir, 'clip.mp4');
    await makeVideo(videoPath, 4, '320x240');
    web = await startServer(site.env, 'web');
    doomed = await startServer(workerEnv, 'worker');
  }, 120_000);

  afterAll(async () => {
    await standIn?.killHung();
    await Promise.all([stopServer(web), stopServer(doomed), stopServer(next)]);
    await site?.close();
  });

  it('is sent again by its watchdog and finished once by another worker', async () => {
    const member = await memberOf(site);
    const versionId = await seedVersion(site, videoPath, 'Killed export');
    const baseUrl = web!.baseUrl!;
    const call = async (
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = member.headers,
    ) => {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers,
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        body: res.headers.get('content-type')?.includes('json')
          ? await res.json()
          : Buffer.from(await res.arrayBuffer()),
      };
    };
    const subtitle = await call('POST', SUBTITLES_PATHS.subtitles(versionId), { language: 'en' });
    expect(subtitle.status).toBe(201);
    const form = new FormData();
    form.set('srt_content', srtOf(2));
    const { 'content-type': _json, ...multipartHeaders } = member.headers;
    expect(
      (await call('POST', SUBTITLES_PATHS.importSrt(versionId, subtitle.body.data.id), form, multipartHeaders)).status,
    ).toBe(200);

    const created = await call('POST', EXPORTS_PATHS.exportations, {
      projectVersionId: versionId,
      kind: 'burned_video',
      subtitleId: subtitle.body.data.id,
    });
    expect(created.status).toBe(202);
    const exportationId: string = created.body.data.id;
    const hungFfmpeg = await standIn.hungPid();

    await killOutright(doomed!);
    // The orphaned stand-in would sleep on; a real ffmpeg dies with its pipes.
    process.kill(hungFfmpeg, 'SIGKILL');
    const running = await site.db.query<{ state: string }>('SELECT state FROM exportations WHERE id = $1', [
      exportationId,
    ]);
    expect(running.rows[0].state).toBe('running');

    await standIn.mode('real');
    const restarted = Date.now();
    next = await startServer(workerEnv, 'worker');
    let attributes:
      { state: string; failure: string | null; downloadUrl: string | null; sizeBytes: number | null } | undefined;
    for (let i = 0; i < 600; i++) {
      const found = await call('POST', EXPORTS_PATHS.getByIds, { exportationIds: [exportationId] });
      attributes = found.body.data[0]?.attributes;
      if (attributes?.state === 'done' || attributes?.state === 'failed') break;
      await sleep(200);
    }
    expect(attributes).toMatchObject({ state: 'done', failure: null });
    // Long before pg-boss would have given the dead worker's job again (six hours).
    expect(Date.now() - restarted).toBeLessThan(90_000);

    const download = await call('GET', attributes!.downloadUrl!);
    expect(download.status).toBe(200);
    expect((download.body as Buffer).length).toBe(attributes!.sizeBytes);
    const media = await probeBytes(download.body as Buffer, 'mp4');
    expect(media.durationMs).toBeGreaterThan(3500);
    // One file for the export in storage, whoever made it.
    const { rows } = await site.db.query<{ file_key: string }>('SELECT file_key FROM exportations WHERE id = $1', [
      exportationId,
    ]);
    const folder = path.join(site.dataDir, 'files', path.dirname(rows[0].file_key));
    expect(await readdir(folder)).toHaveLength(1);
  }, 240_000);
});
