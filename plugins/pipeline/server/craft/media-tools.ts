import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Thin wrappers over the installed ffmpeg, ffprobe and espeak-ng, for the craft tests and the
 * benchmark (the pipeline's media engine has its own): each runs one command and resolves with
 * what it printed, or rejects with its error output.
 */
const run = promisify(execFile);
const LIMITS = { maxBuffer: 32 * 1024 * 1024 };

export async function ffmpeg(args: readonly string[]): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'info', ...args], LIMITS);
  return stderr;
}

export async function probeDurationMs(file: string): Promise<number> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    LIMITS,
  );
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe found no duration in ${file}`);
  return seconds * 1000;
}

/** espeak-ng to a WAV file (22.05 kHz mono) at `wpm` words per minute. */
export async function synthesize(text: string, file: string, { voice = 'en', wpm = 175 } = {}): Promise<void> {
  await run('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', file, text], LIMITS);
}

/** Mean level in dBFS of part of a file, after an optional filter (e.g. a high-pass). */
export async function meanVolumeDb(
  file: string,
  fromMs: number,
  toMs: number,
  filter?: string,
): Promise<{ mean: number; max: number }> {
  const chain = [`atrim=${fromMs / 1000}:${toMs / 1000}`, ...(filter ? [filter] : []), 'volumedetect'].join(',');
  const log = await ffmpeg(['-i', file, '-af', chain, '-f', 'null', '-']);
  const mean = Number(/mean_volume: (-?[\d.]+|-inf) dB/.exec(log)?.[1] ?? Number.NaN);
  const max = Number(/max_volume: (-?[\d.]+|-inf) dB/.exec(log)?.[1] ?? Number.NaN);
  return {
    mean: Number.isNaN(mean) ? Number.NEGATIVE_INFINITY : mean,
    max: Number.isNaN(max) ? Number.NEGATIVE_INFINITY : max,
  };
}
