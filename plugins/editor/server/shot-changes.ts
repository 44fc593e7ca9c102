import { probe, runProcess } from '../../../server/plugin-api';
import type { MediaDerivative } from './media-derivatives';

/**
 * ffmpeg's scene score (0..1, how much a frame differs from the one before) above which a frame
 * starts a new shot. 0.3 finds hard cuts between unlike shots and leaves camera moves, pans and
 * moving test patterns alone (checked on testsrc2, which changes every frame); dissolves are not
 * cuts and are not found.
 */
export const SCENE_THRESHOLD = 0.3;
/** Frames are compared this wide: the score barely changes and decoding dominates anyway. */
const ANALYSIS_WIDTH = 160;
/** A 2-hour film is decoded in well under this; a hung ffmpeg never blocks the queue. */
const DETECT_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/** `pts_time:12.48` lines of ffmpeg's metadata=print, as ms. */
export function cutTimesOf(printed: string): number[] {
  const times = [...printed.matchAll(/pts_time:(-?\d+(?:\.\d+)?)/g)]
    .map((match) => Math.round(Number(match[1]) * 1000))
    .filter((ms) => ms > 0);
  return [...new Set(times)].sort((a, b) => a - b);
}

/**
 * The cuts of a file's first video stream, in ms. Media without video (or that ffmpeg cannot
 * read) has none: the editor then simply has no shot changes to snap to.
 */
export async function shotChangesOfFile(file: string): Promise<number[]> {
  const info = await probe(file).catch(() => null);
  if (!info?.hasVideo) return [];
  const filter = `scale=${ANALYSIS_WIDTH}:-2:flags=fast_bilinear,select='gt(scene,${SCENE_THRESHOLD})',metadata=print:file=-`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    filter,
    '-f',
    'null',
    '-',
  ];
  const result = await runProcess('ffmpeg', args, { timeoutMs: DETECT_TIMEOUT_MS }).catch(() => null);
  return result ? cutTimesOf(result.stdout) : [];
}

/** Kept as `{"times":[…]}` under `shot-changes/<hash>.json`. */
export const SHOT_CHANGES_DERIVATIVE: MediaDerivative = {
  folder: 'shot-changes',
  extension: '.json',
  contentType: 'application/json',
  format: 'v1',
  make: async (file) => Buffer.from(JSON.stringify({ times: await shotChangesOfFile(file) })),
};

/** The times of kept bytes; null when they are not what this code wrote (then they are made again). */
export function decodeShotChanges(bytes: Buffer): number[] | null {
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { times?: unknown };
    return Array.isArray(parsed.times) && parsed.times.every((t) => Number.isInteger(t) && t >= 0)
      ? (parsed.times as number[])
      : null;
  } catch {
    return null;
  }
}
