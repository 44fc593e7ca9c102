import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { probe, runProcess, soundingAudioStream } from '../../../../server/plugin-api';

/**
 * Burns an ASS script into a video with ffmpeg's `ass` filter (libass), reporting progress from
 * ffmpeg's `-progress` output (`out_time_us` against the source's duration).
 *
 * Speed: the goal is at or below 1x real time on a 2-core machine for 720p (bench/export-burn-in).
 * libx264 `-preset veryfast` with CRF 20 keeps the picture close to the source at about a third of
 * `medium`'s time; `-threads 0` lets x264 use every core (frame threads), and the audio is copied
 * when it is already AAC (re-encoding it costs time and quality for nothing). `+faststart` puts
 * the index first so the file plays while it downloads.
 */
export const BURN_IN_ENCODER = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '20',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '0',
] as const;

export interface BurnInOptions {
  /** Folder of the script and ffmpeg's working directory (the filter gets a bare file name: no escaping of paths). */
  workDir: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface SourceVideo {
  width: number;
  height: number;
  durationMs: number;
  /** The first audio track's codec, null without sound. */
  audioCodec: string | null;
  /** The audio track kept (its index among the audio tracks): the one with sound, which was transcribed. */
  audioTrack: number;
}

/** The source's frame size, duration and sound, or null when it has no video stream. */
export async function sourceVideoOf(source: string): Promise<SourceVideo | null> {
  const info = await probe(source);
  const video = info.streams.find((s) => s.type === 'video' && s.width && s.height);
  if (!video || !info.hasVideo) return null;
  // A silent first track (a placeholder before the dialogue) made a video whose subtitles had no sound under them.
  const audioTrack = info.hasAudio ? await soundingAudioStream(source, { info }) : 0;
  const audio = info.streams.filter((s) => s.type === 'audio')[audioTrack];
  return {
    width: video.width!,
    height: video.height!,
    durationMs: info.durationMs,
    audioCodec: audio?.codec ?? null,
    audioTrack,
  };
}

export async function burnIn(
  source: string,
  media: SourceVideo,
  script: string,
  output: string,
  options: BurnInOptions,
): Promise<void> {
  const scriptFile = path.join(options.workDir, 'subtitles.ass');
  await writeFile(scriptFile, script, 'utf8');
  const totalUs = Math.max(1, media.durationMs * 1000);
  let last = 0;
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-nostats',
      '-y',
      '-i',
      source,
      '-map',
      '0:v:0',
      '-map',
      `0:a:${media.audioTrack}?`,
      // H.264 in 4:2:0 needs even sides: a 321x241 video gets one black line and column (was a failed export).
      '-vf',
      'ass=subtitles.ass,pad=ceil(iw/2)*2:ceil(ih/2)*2',
      ...BURN_IN_ENCODER,
      ...(media.audioCodec ? (media.audioCodec === 'aac' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k']) : []),
      '-movflags',
      '+faststart',
      '-progress',
      'pipe:1',
      output,
    ],
    {
      cwd: options.workDir,
      signal: options.signal,
      // Generous: a two-hour film at 1x is two hours; a hung encoder must still free the worker.
      timeoutMs: Math.max(10 * 60_000, media.durationMs * 4),
      onLine: (line) => {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (!match) return;
        const fraction = Math.min(0.99, Number(match[1]) / totalUs);
        if (fraction - last >= 0.01) {
          last = fraction;
          options.onProgress?.(fraction);
        }
      },
    },
  );
}
