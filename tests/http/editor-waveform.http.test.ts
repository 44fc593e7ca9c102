import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runProcess } from '../../server/plugin-api';
import { WAVEFORM_HEADERS, WAVEFORM_PATH } from '../../plugins/editor/common/waveform-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { newMember } from './projects-test-kit';
import { attachMedia, getBinary, newSubtitle, newVersion } from './subtitles-test-kit';

/** 3 s of video whose audio is a loud tone, a second of silence, a tone at half the loudness. */
async function toneSilenceTone(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'polycue-waveform-test-'));
  try {
    const audio = "aevalsrc='if(lt(t,1),0.9,if(lt(t,2),0,0.45))*sin(2*PI*440*t)':d=3:s=44100";
    await runProcess(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'color=c=black:s=160x90:d=3:r=10', '-f', 'lavfi', '-i', audio],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'clip.mp4'],
      ],
      { cwd: dir },
    );
    return await readFile(path.join(dir, 'clip.mp4'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Asks until the peaks are made (202 meanwhile, as the editor does). */
async function waveform(ctx: TestAppContext, client: TestClient, url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await getBinary(ctx, client, url);
    if (res.status !== 202) return res;
    expect(res.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the waveform was never made');
}

/** Largest |peak| of buckets [from, to) of a response's (min, max) pairs. */
const loudest = (body: Buffer, from: number, to: number) => {
  const peaks = new Int8Array(body.buffer, body.byteOffset, body.length);
  let loud = 0;
  for (let i = from * 2; i < to * 2; i++) loud = Math.max(loud, Math.abs(peaks[i]));
  return loud;
};

describeOnBothDatabases('editor waveform: peaks made once with ffmpeg, served at any zoom', (ctx) => {
  it('shows peaks where the sound is and near zero in the silence, over the whole file and a zoomed window', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const subtitleId = await newSubtitle(member.client, version, 'en');
    await attachMedia(ctx, ctx.db, member.workspaceId, version, await toneSilenceTone(), 3000);
    const url = WAVEFORM_PATH(version, subtitleId);

    const first = await getBinary(ctx, member.client, `${url}?buckets=30`);
    expect(first.status).toBe(202);
    const whole = await waveform(ctx, member.client, `${url}?buckets=30`);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/octet-stream');
    expect(whole.body.length).toBe(60);
    expect(Number(whole.headers[WAVEFORM_HEADERS.duration])).toBeGreaterThanOrEqual(2950);
    expect(whole.headers[WAVEFORM_HEADERS.buckets]).toBe('30');
    expect(Number(whole.headers[WAVEFORM_HEADERS.peak])).toBe(loudest(whole.body, 0, 30));
    // 100 ms a bucket: the loud tone (0.9 -> ~115), silence (margins for the codec's edges), the half tone (~57).
    expect(loudest(whole.body, 1, 9)).toBeGreaterThan(100);
    expect(loudest(whole.body, 12, 18)).toBeLessThanOrEqual(2);
    expect(loudest(whole.body, 21, 29)).toBeGreaterThan(45);
    expect(loudest(whole.body, 21, 29)).toBeLessThan(75);

    // A 400 ms zoom across the start of the silence, 40 buckets of 10 ms (the finest level).
    const zoom = await getBinary(ctx, member.client, `${url}?from=800&to=1200&buckets=40`);
    expect(zoom.status).toBe(200);
    expect(zoom.body.length).toBe(80);
    expect(loudest(zoom.body, 0, 15)).toBeGreaterThan(100);
    expect(loudest(zoom.body, 25, 40)).toBeLessThanOrEqual(2);

    // Past the end of the audio: zeros, not an error.
    const after = await getBinary(ctx, member.client, `${url}?from=10000&to=20000&buckets=10`);
    expect(after.status).toBe(200);
    expect(loudest(after.body, 0, 10)).toBe(0);
  });

  it('refuses a window ending before it starts, too many buckets, and a subtitle of another version or without media', async () => {
    const member = await newMember(ctx);
    const version = await newVersion(ctx, member);
    const other = await newVersion(ctx, member, 'Other');
    const subtitleId = await newSubtitle(member.client, version, 'en');
    const url = WAVEFORM_PATH(version, subtitleId);
    expect((await member.client.get(url)).status).toBe(404);
    await attachMedia(ctx, ctx.db, member.workspaceId, version, await toneSilenceTone(), 3000);
    const backwards = await member.client.get(`${url}?from=2000&to=1000`);
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ field: 'to' });
    expect((await member.client.get(`${url}?buckets=100000`)).status).toBe(400);
    expect((await member.client.get(`${url}?from=-5`)).status).toBe(400);
    expect((await member.client.get(WAVEFORM_PATH(other, subtitleId))).status).toBe(404);
  });
});
