import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlays, ensureBrowserPlayable } from './browser-playable';
import { probe } from './media';
import { runProcess } from './process-runner';

/**
 * Media as cameras and recorders write it, generated with ffmpeg (2 s each): which ones a browser
 * plays as they are, and the H.264/AAC MP4 made for the others.
 */

let dir: string;
const file = (name: string) => path.join(dir, name);

const picture = ['-f', 'lavfi', '-i', 'testsrc2=duration=2:size=161x121:rate=10'];
const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
const ffmpeg = (args: string[]) =>
  runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { timeoutMs: 60_000 });
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-vf', 'scale=160:120'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-playable-'));
  await Promise.all([
    ffmpeg([...picture, ...tone, ...h264, '-c:a', 'aac', '-shortest', file('camera.mp4')]),
    ffmpeg([...picture, ...tone, '-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', file('browser.webm')]),
    ffmpeg([...picture, ...tone, '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-shortest', file('old.avi')]),
    ffmpeg([...picture, ...tone, ...h264, '-c:a', 'ac3', '-shortest', file('film.mkv')]),
    ffmpeg([...picture, ...tone, '-c:v', 'mjpeg', '-c:a', 'pcm_s16le', '-shortest', file('camera.mov')]),
    ffmpeg([...tone, '-c:a', 'libmp3lame', file('voice.mp3')]),
    // Written as a stream, as MediaRecorder writes WebM: no duration, no index to seek with.
    runProcess('sh', [
      '-c',
      `ffmpeg -hide_banner -nostdin -loglevel error ${[...picture, ...tone].join(' ')} -c:v libvpx -deadline realtime -c:a libopus -shortest -f webm - > '${file('recorded.webm')}'`,
    ]),
    ffmpeg([...tone, '-c:a', 'ac3', file('voice.ac3')]),
    // A silent first track, the dialogue second: a browser would play the silent one.
    ffmpeg([
      ...picture,
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=mono:d=2',
      ...tone,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      ...h264,
      '-c:a',
      'aac',
      '-shortest',
      file('two-tracks.mp4'),
    ]),
  ]);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('browserPlays', () => {
  it('passes MP4 H.264/AAC, WebM VP8/Opus and MP3 as they are', async () => {
    for (const name of ['camera.mp4', 'browser.webm', 'voice.mp3'])
      expect(browserPlays(await probe(file(name))), name).toBe(true);
  });

  it('refuses what some or all browsers cannot play: AVI, AC-3 in MKV, MJPEG/PCM in MOV, bare AC-3, another track', async () => {
    for (const name of ['old.avi', 'film.mkv', 'camera.mov', 'voice.ac3'])
      expect(browserPlays(await probe(file(name))), name).toBe(false);
    expect(browserPlays(await probe(file('camera.mp4')), 1)).toBe(false);
  });
});

describe('ensureBrowserPlayable', () => {
  it('makes nothing for a file a browser plays', async () => {
    expect(await ensureBrowserPlayable(file('camera.mp4'), file('camera.out.mp4'))).toBe(false);
    await expect(stat(file('camera.out.mp4'))).rejects.toThrow();
  });

  it.each(['old.avi', 'film.mkv', 'camera.mov'])(
    'makes an H.264/AAC MP4 of %s, as long, with even sides, that a browser plays',
    async (name) => {
      const out = file(`${name}.out.mp4`);
      expect(await ensureBrowserPlayable(file(name), out)).toBe(true);
      const made = await probe(out);
      expect(browserPlays(made)).toBe(true);
      const video = made.streams.find((stream) => stream.type === 'video')!;
      expect(video.codec).toBe('h264');
      expect(video.width! % 2).toBe(0);
      expect(video.height! % 2).toBe(0);
      expect(made.streams.find((stream) => stream.type === 'audio')?.codec).toBe('aac');
      expect(Math.abs(made.durationMs - (await probe(file(name))).durationMs)).toBeLessThan(250);
    },
    60_000,
  );

  it('makes a seekable MP4 of a WebM recorded in a browser (no duration, no index)', async () => {
    expect(browserPlays(await probe(file('browser.webm')))).toBe(true);
    const recorded = await probe(file('recorded.webm'));
    expect(browserPlays(recorded)).toBe(false);
    const out = file('recorded.out.mp4');
    expect(await ensureBrowserPlayable(file('recorded.webm'), out)).toBe(true);
    const made = await probe(out);
    expect(made.unstatedDuration).toBeUndefined();
    expect(browserPlays(made)).toBe(true);
    expect(Math.abs(made.durationMs - recorded.durationMs)).toBeLessThan(250);
  }, 60_000);

  it('makes sound only of a sound file, and keeps the track with sound of two', async () => {
    const voice = file('voice.out.mp4');
    expect(await ensureBrowserPlayable(file('voice.ac3'), voice)).toBe(true);
    const sound = await probe(voice);
    expect(sound.hasVideo).toBe(false);
    expect(sound.streams.map((stream) => stream.codec)).toEqual(['aac']);

    const chosen = file('two-tracks.out.mp4');
    expect(await ensureBrowserPlayable(file('two-tracks.mp4'), chosen)).toBe(true);
    const made = await probe(chosen);
    expect(made.streams.filter((stream) => stream.type === 'audio')).toHaveLength(1);
    const { stderr } = await runProcess('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-i',
      chosen,
      '-af',
      'volumedetect',
      '-f',
      'null',
      '-',
    ]);
    // The tone (about -20 dB at its peak once in stereo), not the silent first track (-91 dB).
    expect(Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1])).toBeGreaterThan(-40);
  }, 60_000);
});
