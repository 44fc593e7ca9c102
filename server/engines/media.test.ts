import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutRange, extractAudio, soundingAudioStream, muxAudio, probe, probePlayable, thumbnail } from './media';
import { runProcess } from './process-runner';
import { detectSilences, planChunks } from './silences';
import { wavDurationMs } from './wav-file';

describe('planChunks', () => {
  it('cuts in the middle of the longest silence near each target boundary', () => {
    const silences = [
      { startMs: 9_000, endMs: 9_200 },
      { startMs: 11_000, endMs: 12_000 }, // longer: wins over the one nearer 10 s
      { startMs: 20_500, endMs: 20_900 },
    ];
    expect(planChunks(30_000, silences, 10_000)).toEqual([
      { startMs: 0, endMs: 11_500 },
      { startMs: 11_500, endMs: 20_700 },
      { startMs: 20_700, endMs: 30_000 },
    ]);
  });

  it('cuts hard at the target when there is no silence in reach, and covers the whole duration', () => {
    const chunks = planChunks(33_000, [], 10_000);
    expect(chunks.map((chunk) => chunk.endMs)).toEqual([10_000, 20_000, 33_000]);
    expect(chunks[0]!.startMs).toBe(0);
    for (let index = 1; index < chunks.length; index++) expect(chunks[index]!.startMs).toBe(chunks[index - 1]!.endMs);
  });

  it('keeps short audio in one chunk and returns nothing for empty audio', () => {
    expect(planChunks(12_000, [{ startMs: 5_000, endMs: 6_000 }], 10_000)).toEqual([{ startMs: 0, endMs: 12_000 }]);
    expect(planChunks(0, [], 10_000)).toEqual([]);
  });
});

describe('media on a generated video', () => {
  let dir: string;
  let video: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-media-test-'));
    video = path.join(dir, 'clip.mp4');
    // 6 s of test pattern; tone 0-2 s, silence 2-4 s, tone 4-6 s.
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=6',
      '-f',
      'lavfi',
      '-i',
      "sine=frequency=440:sample_rate=44100:duration=6,volume='if(between(t,2,4),0,1)':eval=frame",
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      video,
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('probes duration, size and streams', async () => {
    const info = await probe(video);
    expect(info.durationMs).toBeGreaterThan(5_900);
    expect(info.durationMs).toBeLessThan(6_200);
    expect(info.sizeBytes).toBe((await stat(video)).size);
    expect(info.hasVideo && info.hasAudio).toBe(true);
    expect(info.streams.find((s) => s.type === 'video')).toMatchObject({ width: 320, height: 240 });
  });

  it('measures what plays: a whole file as probed, a truncated MP4 at its last readable packet, not its index', async () => {
    expect(Math.abs((await probePlayable(video)).durationMs - (await probe(video)).durationMs)).toBeLessThan(100);
    const indexed = path.join(dir, 'indexed.mp4');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      video,
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      indexed,
    ]);
    const cut = path.join(dir, 'cut.mp4');
    const bytes = await readFile(indexed);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect((await probe(cut)).durationMs).toBeGreaterThan(5_900);
    const playable = (await probePlayable(cut)).durationMs;
    expect(playable).toBeGreaterThan(1_000);
    expect(playable).toBeLessThan(4_500);
  });

  it('extracts 16 kHz mono WAV with a plain 44-byte header, whole or a range', async () => {
    const wav = path.join(dir, 'audio.wav');
    await extractAudio(video, wav);
    const header = (await readFile(wav)).subarray(0, 44);
    expect(header.toString('ascii', 36, 40)).toBe('data');
    expect(header.readUInt16LE(22)).toBe(1);
    expect(header.readUInt32LE(24)).toBe(16_000);
    expect(Math.abs((await wavDurationMs(wav)) - 6_000)).toBeLessThan(100);

    const part = path.join(dir, 'part.wav');
    await cutRange(wav, part, { startMs: 1_000, endMs: 2_500 });
    expect(Math.abs((await wavDurationMs(part)) - 1_500)).toBeLessThan(30);
  });

  it('chooses the first audio track with sound: a silent placeholder first track is passed over', async () => {
    const twoTracks = path.join(dir, 'two-tracks.mkv');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      video,
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=mono',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '0:a',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      '-shortest',
      twoTracks,
    ]);
    expect(await soundingAudioStream(twoTracks)).toBe(1);
    expect(await soundingAudioStream(video)).toBe(0);
    const wav = path.join(dir, 'second-track.wav');
    await extractAudio(twoTracks, wav, { audioStream: await soundingAudioStream(twoTracks) });
    // The tone is in the extracted speech audio: the silence finder sees sound around its gap.
    const silences = await detectSilences(wav);
    expect(silences.some((s) => s.startMs > 1_500 && s.endMs < 4_500)).toBe(true);
    expect(silences.every((s) => s.endMs - s.startMs < 3_000)).toBe(true);
  });

  it('keeps the video’s times when the sound starts late: the WAV begins with that much silence', async () => {
    const late = path.join(dir, 'late-audio.mp4');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=6:size=160x120:rate=25',
      '-itsoffset',
      '3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      late,
    ]);
    const wav = path.join(dir, 'late.wav');
    await extractAudio(late, wav);
    const [first] = await detectSilences(wav);
    expect(first.startMs).toBe(0);
    expect(Math.abs(first.endMs - 3_000)).toBeLessThan(100);
  });

  it('finds the silence between the tones', async () => {
    const silences = await detectSilences(video, { minSilenceMs: 500 });
    expect(silences).toHaveLength(1);
    expect(Math.abs(silences[0]!.startMs - 2_000)).toBeLessThan(100);
    expect(Math.abs(silences[0]!.endMs - 4_000)).toBeLessThan(100);
  });

  it('a thumbnail asked past the end of a short video track is its first frame; no frame at all is an error', async () => {
    const shortVideo = path.join(dir, 'short-video-long-audio.mp4');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=0.2:size=160x120:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      shortVideo,
    ]);
    const jpeg = path.join(dir, 'short-thumb.jpg');
    await thumbnail(shortVideo, jpeg, 1_000);
    expect((await readFile(jpeg)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const tone = path.join(dir, 'tone-only.m4a');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-c:a',
      'aac',
      tone,
    ]);
    await expect(thumbnail(tone, path.join(dir, 'none.jpg'), 1_000)).rejects.toThrow();
  });

  it('writes a JPEG thumbnail and muxes a new sound track over the copied video', async () => {
    const jpeg = path.join(dir, 'thumb.jpg');
    await thumbnail(video, jpeg, 1_000);
    expect((await readFile(jpeg)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const voice = path.join(dir, 'voice.wav');
    await runProcess('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=220:duration=6',
      voice,
    ]);
    const dubbed = path.join(dir, 'dubbed.mp4');
    await muxAudio(video, voice, dubbed);
    const info = await probe(dubbed);
    expect(info.streams.filter((s) => s.type === 'audio')).toHaveLength(1);
    expect(info.streams.find((s) => s.type === 'video')?.codec).toBe('h264');

    // A browser recording (VP8 in WebM) cannot be copied into an MP4: its video is encoded instead.
    const webm = path.join(dir, 'recording.webm');
    await runProcess('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=161x121:rate=25:duration=2',
      '-c:v',
      'libvpx',
      '-b:v',
      '200k',
      webm,
    ]);
    const dubbedWebm = path.join(dir, 'dubbed-webm.mp4');
    await muxAudio(webm, voice, dubbedWebm);
    const fromWebm = await probe(dubbedWebm);
    expect(fromWebm.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 162, height: 122 });
    expect(fromWebm.streams.filter((s) => s.type === 'audio')).toHaveLength(1);
  });

  it('kills ffmpeg when the signal aborts', async () => {
    const controller = new AbortController();
    const endless = runProcess(
      'ffmpeg',
      ['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'sine', '-f', 'null', '-'],
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 200);
    await expect(endless).rejects.toThrow(/aborted/);
  });
});
