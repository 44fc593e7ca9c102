import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, runProcess } from '../../../../server/plugin-api';
import { burnIn, sourceVideoOf } from './burn-in';

const SCRIPT = `[Script Info]
ScriptType: v4.00+
PlayResX: 161
PlayResY: 121

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,DejaVu Sans,16,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,5,5,5,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.00,0:00:01.50,Default,,0,0,0,,Odd size
`;

describe('burn-in', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'polycue-burn-in-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('burns into a video of odd width and height (H.264 4:2:0 needs even sides: padded by one line and column)', async () => {
    const source = path.join(dir, 'odd.mp4');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=161x121:rate=25',
      '-c:v',
      'libx264rgb',
      '-preset',
      'ultrafast',
      source,
    ]);
    const media = (await sourceVideoOf(source))!;
    expect([media.width, media.height]).toEqual([161, 121]);
    const output = path.join(dir, 'burned.mp4');
    await burnIn(source, media, SCRIPT, output, { workDir: dir });
    const video = (await probe(output)).streams.find((stream) => stream.type === 'video');
    expect(video).toMatchObject({ codec: 'h264', width: 162, height: 122 });
  });

  it('keeps the audio track with sound: a silent first track made a burned video without its dialogue', async () => {
    const source = path.join(dir, 'two-tracks.mp4');
    await runProcess('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10'],
      ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono:d=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
    ]);
    const output = path.join(dir, 'burned-two-tracks.mp4');
    await burnIn(source, (await sourceVideoOf(source))!, SCRIPT, output, { workDir: dir });
    const { stderr } = await runProcess('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-i',
      output,
      '-af',
      'volumedetect',
      '-f',
      'null',
      '-',
    ]);
    // The tone (about -18 dB at its peak), not the silent track (-91 dB).
    expect(Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1])).toBeGreaterThan(-40);
  });
});
