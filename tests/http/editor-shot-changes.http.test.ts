import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runProcess } from '../../server/plugin-api';
import { SHOT_CHANGES_PATH } from '../../plugins/editor/common/shot-changes-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';
import { attachMedia, newSubtitle, newVersion } from './subtitles-test-kit';

/** 4 s of video: a moving pattern, then a green shot from 2.40 s, with a tone under both. */
async function twoShots(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'polycue-shots-http-'));
  try {
    await runProcess('ffmpeg', [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=s=160x120:d=2.4:r=25', '-f', 'lavfi', '-i', 'color=c=green:s=160x120:d=1.6:r=25', '-f', 'lavfi', '-i', 'sine=d=4'],
      ...['-filter_complex', '[0][1]concat=n=2:v=1[v]', '-map', '[v]', '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'clip.mp4'],
    ], { cwd: dir });
    return await readFile(path.join(dir, 'clip.mp4'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describeOnBothDatabases('editor shot changes: the cuts of the video, found once, for whoever may open the subtitle', (ctx) => {
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
    let answer = first;
    for (let attempt = 0; attempt < 100 && answer.status === 202; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await member.client.get(url);
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { times: [2400] } });

    const stranger = await newMember(ctx);
    expect((await stranger.client.get(url)).status).toBe(404);
    const other = await newVersion(ctx, member, 'Other');
    expect((await member.client.get(SHOT_CHANGES_PATH(other, subtitleId))).status).toBe(404);
    expect((await member.client.get(SHOT_CHANGES_PATH(version, 'abc'))).status).toBe(400);
  });
});
