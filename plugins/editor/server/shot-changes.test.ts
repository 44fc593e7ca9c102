import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../../server/plugin-api';
import { cutTimesOf, shotChangesOfFile } from './shot-changes';

const FFMPEG = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

describe('shot changes: the cuts of a video found by ffmpeg scene detection', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'polycue-shots-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds each hard cut on its frame (a moving pattern, a red shot, another pattern: cuts at 2.00 s and 3.60 s)', async () => {
    const file = path.join(dir, 'cuts.mp4');
    await runProcess('ffmpeg', [
      ...FFMPEG,
      ...[
        '-f',
        'lavfi',
        '-i',
        'testsrc=s=320x240:d=2:r=25',
        '-f',
        'lavfi',
        '-i',
        'color=c=red:s=320x240:d=1.6:r=25',
        '-f',
        'lavfi',
        '-i',
        'mandelbrot=s=320x240:r=25',
      ],
      ...[
        '-filter_complex',
        '[2]trim=duration=2,setpts=PTS-STARTPTS[m];[0][1][m]concat=n=3:v=1[v]',
        '-map',
        '[v]',
        ...H264,
        file,
      ],
    ]);
    expect(await shotChangesOfFile(file)).toEqual([2000, 3600]);
  });

  it('finds none in continuous motion, in audio alone, or in a file that is not media', async () => {
    const motion = path.join(dir, 'motion.mp4');
    await runProcess('ffmpeg', [...FFMPEG, '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=4:r=25', ...H264, motion]);
    expect(await shotChangesOfFile(motion)).toEqual([]);
    const audio = path.join(dir, 'tone.m4a');
    await runProcess('ffmpeg', [...FFMPEG, '-f', 'lavfi', '-i', 'sine=d=2', '-c:a', 'aac', audio]);
    expect(await shotChangesOfFile(audio)).toEqual([]);
    const text = path.join(dir, 'notes.mp4');
    await runProcess('sh', ['-c', `printf 'not a video' > '${text}'`]);
    expect(await shotChangesOfFile(text)).toEqual([]);
  });

  it('reads the printed times as whole ms, ascending, once each, never the first frame', () => {
    expect(
      cutTimesOf(
        'frame:1 pts:45056 pts_time:3.52\nlavfi.scene_score=0.88\nframe:0 pts:25600 pts_time:2\nframe:2 pts_time:3.52\nframe:3 pts_time:0',
      ),
    ).toEqual([2000, 3520]);
    expect(cutTimesOf('')).toEqual([]);
  });
});
