import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runProcess } from '../../server/plugin-api';
import { SHOT_CHANGES_PATH } from '../../plugins/editor/common/shot-changes-contract';
import { WAVEFORM_PATH } from '../../plugins/editor/common/waveform-contract';
import { derivativeKey } from '../../plugins/editor/server/media-derivatives';
import { SHOT_CHANGES_DERIVATIVE } from '../../plugins/editor/server/shot-changes';
import { WAVEFORM_DERIVATIVE } from '../../plugins/editor/server/waveform-store';
import { deleteFilesJob } from '../../plugins/projects/server/link-import-job';
import type { JobContext } from '../../server/plugin-api';
import type { TestClient } from '../support/test-client';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { attachMedia, newSubtitle, newVersion } from './subtitles-test-kit';

/** 4 s of video: a moving pattern, then a green shot from 2.40 s, with a tone under both. */
async function twoShots(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'polycue-shots-http-'));
  try {
    await runProcess(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
        ...[
          '-f',
          'lavfi',
          '-i',
          'testsrc=s=160x120:d=2.4:r=25',
          '-f',
          'lavfi',
          '-i',
          'color=c=green:s=160x120:d=1.6:r=25',
          '-f',
          'lavfi',
          '-i',
          'sine=d=4',
        ],
        ...['-filter_complex', '[0][1]concat=n=2:v=1[v]', '-map', '[v]', '-map', '2:a'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'clip.mp4'],
      ],
      { cwd: dir },
    );
    return await readFile(path.join(dir, 'clip.mp4'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Asks until the answer is no longer 202 (the server still making it). */
async function whenMade(client: TestClient, url: string) {
  let answer = await client.get(url);
  for (let attempt = 0; attempt < 100 && answer.status === 202; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await client.get(url);
  }
  return answer;
}

describeOnBothDatabases(
  'editor shot changes: the cuts of the video, found once, for whoever may open the subtitle',
  (ctx) => {
    it('answers 202 while the video is read, then the cut on its frame; a stranger and a subtitle without media get 404', async () => {
      const member = await newMember(ctx);
      const version = await newVersion(ctx, member);
      const subtitleId = await newSubtitle(member.client, version, 'en');
      const url = SHOT_CHANGES_PATH(version, subtitleId);
      const noMedia = await member.client.get(url);
      expect(noMedia.status).toBe(404);
      expect(noMedia.body).toMatchObject({ message: 'This project has no video yet' });

      await attachMedia(ctx, ctx.db, member.workspaceId, version, await twoShots(), 4000);
      const first = await member.client.get(url);
      expect(first.status).toBe(202);
      expect(first.headers['retry-after']).toBe('2');
      const answer = await whenMade(member.client, url);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: { times: [2400] } });

      const stranger = await newMember(ctx);
      expect((await stranger.client.get(url)).status).toBe(404);
      const other = await newVersion(ctx, member, 'Other');
      expect((await member.client.get(SHOT_CHANGES_PATH(other, subtitleId))).status).toBe(404);
      expect((await member.client.get(SHOT_CHANGES_PATH(version, 'abc'))).status).toBe(400);
    });

    it('what the editor made from a video goes with it: removing the media removes its waveform and shot changes', async () => {
      const member = await newMember(ctx);
      const version = await newVersion(ctx, member);
      const subtitleId = await newSubtitle(member.client, version, 'en');
      await attachMedia(ctx, ctx.db, member.workspaceId, version, await twoShots(), 4000);
      expect((await whenMade(member.client, SHOT_CHANGES_PATH(version, subtitleId))).status).toBe(200);
      expect((await whenMade(member.client, `${WAVEFORM_PATH(version, subtitleId)}?buckets=10`)).status).toBe(200);
      const { rows } = await ctx.db.query<{ key: string }>(
        'SELECT e.storage_key AS key FROM elements e JOIN project_versions v ON v.element_id = e.id WHERE v.id = $1',
        [version],
      );
      const mediaKey = rows[0].key;
      const made = [
        mediaKey,
        derivativeKey(WAVEFORM_DERIVATIVE, mediaKey),
        derivativeKey(SHOT_CHANGES_DERIVATIVE, mediaKey),
      ];
      const kept = async () => Promise.all(made.map(async (key) => (await ctx.app.storage.get(key)) !== null));
      expect(await kept()).toEqual([true, true, true]);

      const jobContext: JobContext = {
        db: ctx.db,
        log: { info: () => {}, error: () => {} },
        config: ctx.app.config,
        storage: ctx.app.storage,
        jobs: ctx.app.jobs,
        mailer: ctx.app.mailer,
        services: ctx.app.services,
        extensions: ctx.app.extensions,
        events: ctx.app.events,
        accountData: ctx.app.accountData,
        shutdown: new AbortController().signal,
      };
      await deleteFilesJob.handler({ keys: [mediaKey] }, jobContext);
      expect(await kept()).toEqual([false, false, false]);
    });
  },
);
