import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from './media';
import { checkMedia } from './media-check';
import { runProcess } from './process-runner';

/**
 * What people upload besides video: pictures (one named .mp4), an MP4 cut before its index, text;
 * and a WebM written as a stream (a browser's MediaRecorder), whose header has no duration.
 */

let dir: string;
const file = (name: string) => path.join(dir, name);
const ffmpeg = (args: string[]) =>
  runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { timeoutMs: 60_000 });
const sources = ['-f', 'lavfi', '-i', 'testsrc2=duration=3:size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=d=3'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-media-check-'));
  await Promise.all([
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120', '-frames:v', '1', file('photo.png')]),
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120', '-frames:v', '1', file('photo.jpg')]),
    // Index at the end (no faststart), as cameras write it; cut in the middle below.
    ffmpeg([...sources, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file('whole.mp4')]),
    // Written to a pipe: no duration in the header, as MediaRecorder writes WebM.
    runProcess('sh', [
      '-c',
      `ffmpeg -hide_banner -nostdin -loglevel error ${sources.join(' ')} -c:v libvpx -deadline realtime -c:a libopus -shortest -f webm - > '${file('recorded.webm')}'`,
    ]),
  ]);
  await copyFile(file('photo.png'), file('photo.mp4'));
  const whole = await readFile(file('whole.mp4'));
  await writeFile(file('cut.mp4'), whole.subarray(0, Math.floor(whole.length / 2)));
  await writeFile(file('notes.mp4'), 'Meeting notes, not a video\n');
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('checkMedia', () => {
  it('refuses pictures as pictures, whatever their name', async () => {
    for (const name of ['photo.png', 'photo.jpg', 'photo.mp4'])
      expect((await checkMedia(file(name))).refusal, name).toBe('picture');
  });

  it('says an MP4 cut before its index is incomplete, and text is not media', async () => {
    expect((await checkMedia(file('cut.mp4'))).refusal).toBe('incomplete');
    expect((await checkMedia(file('notes.mp4'))).refusal).toBe('not_media');
  });

  it('accepts a video, with its length', async () => {
    const { info, refusal } = await checkMedia(file('whole.mp4'));
    expect(refusal).toBeNull();
    expect(info!.durationMs).toBeGreaterThan(2800);
  });
});

describe('probe of a WebM written as a stream (MediaRecorder)', () => {
  it('reads its length from its packets when the header has none', async () => {
    const info = await probe(file('recorded.webm'));
    expect(info.durationMs).toBeGreaterThan(2800);
    expect(info.durationMs).toBeLessThan(3300);
    const { info: checked } = await checkMedia(file('recorded.webm'));
    expect(checked!.durationMs).toBe(info.durationMs);
  });
});
