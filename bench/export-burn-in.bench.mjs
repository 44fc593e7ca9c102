/**
 * exportBurnIn.realTimeFactor: the burn-in export of a 60 s 720p clip (ffmpeg testsrc at 30 fps
 * with a 440 Hz tone, H.264 + AAC as a typical upload) with 24 two-line subtitles, through the
 * exports plugin's own code: the ASS script of burnInScript (default style) and burnIn (ffmpeg's
 * `ass` filter, libx264 -preset veryfast -crf 20, every core, audio copied). The figure is the
 * render time over the clip's duration; the goal (issue 12) is at or below 1x real time on this
 * 2-core machine. Making the clip is not timed; the probe of the source is (the job does it too).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SECONDS = 60;

export default async function exportBurnIn(ctx) {
  const { tsImport } = await import('tsx/esm/api');
  const load = (file) => tsImport(pathToFileURL(path.join(ctx.root, file)).href, import.meta.url);
  const [{ burnInScript }, { burnIn, sourceVideoOf }] = await Promise.all([
    load('plugins/exports/server/ass-style.ts'),
    load('plugins/exports/server/jobs/burn-in.ts'),
  ]);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-burn-in-'));
  try {
    const source = path.join(dir, 'source.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${SECONDS}:size=1280x720:rate=30`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${SECONDS}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    const cues = Array.from({ length: 24 }, (_, i) => ({
      start: i * 2500,
      end: i * 2500 + 2300,
      text: `Subtitle number ${i + 1} of the benchmark\nwith a second line of text`,
    }));

    const started = performance.now();
    const media = await sourceVideoOf(source);
    await burnIn(source, media, burnInScript(cues, null, media, 'Benchmark'), path.join(dir, 'subtitled.mp4'), {
      workDir: dir,
    });
    const ms = performance.now() - started;
    ctx.log(
      `   ${SECONDS} s of 1280x720 burned in ${(ms / 1000).toFixed(1)} s (${((SECONDS * 30) / (ms / 1000)).toFixed(0)} frames/s) on ${os.cpus().length} cores`,
    );
    return {
      'exportBurnIn.realTimeFactor': {
        value: Number((ms / (SECONDS * 1000)).toFixed(2)),
        unit: 'x real time',
        goal: '<= 1',
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
