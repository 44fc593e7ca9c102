import { stat } from 'node:fs/promises';
import { runProcess } from './process-runner';

/**
 * Media work through ffmpeg/ffprobe 5.1. Every call streams from file to file inside ffmpeg, so
 * the Node process never holds long audio in memory. Silences and the chunks cut at them are in
 * ./silences.ts.
 */

export interface MediaStream {
  index: number;
  type: 'video' | 'audio' | 'subtitle' | 'data';
  codec: string;
  width?: number;
  height?: number;
  sampleRate?: number;
  channels?: number;
  /** The picture's pixel format (`yuv420p`…): browsers decode 4:2:0 H.264 only. */
  pixelFormat?: string;
  /** Cover art of an audio file (a still picture, not a video track). */
  attachedPicture?: boolean;
}

export interface MediaInfo {
  durationMs: number;
  /** The header states no duration (a stream-written file): durationMs was read from its packets. */
  unstatedDuration?: boolean;
  /** ffprobe's container names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `avi`…); '' when unknown. */
  format?: string;
  sizeBytes: number;
  streams: MediaStream[];
  hasAudio: boolean;
  hasVideo: boolean;
}

export interface MediaCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface TimeRange {
  startMs: number;
  endMs: number;
}

/** The speech engines' input format: 16 kHz, mono, signed 16-bit PCM in WAV. */
export const SPEECH_SAMPLE_RATE = 16_000;

const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
/** A canonical 44-byte WAV header: pocketsphinx skips exactly that much of a .wav file. */
const PLAIN_WAV = ['-bitexact', '-map_metadata', '-1', '-c:a', 'pcm_s16le', '-f', 'wav'];
export const DEFAULT_TIMEOUT_MS = 60 * 60 * 1000;

/** Milliseconds as ffmpeg's seconds argument. */
export const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface FfprobeJson {
  format?: { duration?: string; size?: string; format_name?: string };
  streams?: Array<{
    index: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
    pix_fmt?: string;
    disposition?: { attached_pic?: number };
  }>;
}

export async function probe(inputPath: string, options: MediaCallOptions = {}): Promise<MediaInfo> {
  const { stdout } = await runProcess(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', inputPath],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? 120_000 },
  );
  const json = JSON.parse(stdout) as FfprobeJson;
  const streams: MediaStream[] = (json.streams ?? []).map((stream) => ({
    index: stream.index,
    type: (['video', 'audio', 'subtitle'].includes(stream.codec_type ?? '')
      ? stream.codec_type
      : 'data') as MediaStream['type'],
    codec: stream.codec_name ?? 'unknown',
    ...(stream.width ? { width: stream.width, height: stream.height } : {}),
    ...(stream.sample_rate ? { sampleRate: Number(stream.sample_rate), channels: stream.channels } : {}),
    ...(stream.pix_fmt ? { pixelFormat: stream.pix_fmt } : {}),
    ...(stream.disposition?.attached_pic ? { attachedPicture: true } : {}),
  }));
  const stated = Math.round(Number(json.format?.duration ?? 0) * 1000);
  const timed = streams.some((s) => s.type === 'audio' || (s.type === 'video' && !s.attachedPicture));
  // A file written as a stream has no duration in its header: a browser's MediaRecorder WebM
  // (the usual in-browser recording), a live capture. It was stored as 0 s and its run failed
  // "The video has no duration": its length is then read from its packets (no decoding).
  const durationMs =
    Number.isFinite(stated) && stated > 0 ? stated : timed ? ((await decodableDurationMs(inputPath, options)) ?? 0) : 0;
  return {
    durationMs,
    ...(durationMs !== stated ? { unstatedDuration: true } : {}),
    format: json.format?.format_name ?? '',
    sizeBytes: Number(json.format?.size ?? 0),
    streams,
    hasAudio: streams.some((s) => s.type === 'audio'),
    hasVideo: streams.some((s) => s.type === 'video' && !s.attachedPicture),
  };
}

/**
 * How long the file really plays: the end of the last packet ffmpeg can read, stream-copied to
 * nowhere (no decoding, one read of the file: well under a second for minutes of video). A
 * truncated MP4 keeps an index promising its whole length, and ffprobe's duration is that
 * promise; what counts (the element's duration, the minutes a run bills) is what plays. Null
 * when ffmpeg cannot say (the container's duration stands then).
 */
export async function decodableDurationMs(inputPath: string, options: MediaCallOptions = {}): Promise<number | null> {
  const { stdout } = await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-i',
      inputPath,
      '-map',
      '0:v?',
      '-map',
      '0:a?',
      '-c',
      'copy',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-',
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
  ).catch(() => ({ stdout: '' }));
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((match) => Number(match[1]));
  const last = times.at(-1);
  return last === undefined || last <= 0 ? null : Math.round(last / 1000);
}

/** A probe whose duration is what plays (decodableDurationMs), never more than the container says. */
export async function probePlayable(inputPath: string, options: MediaCallOptions = {}): Promise<MediaInfo> {
  const info = await probe(inputPath, options);
  const playable = await decodableDurationMs(inputPath, options);
  return playable !== null && playable < info.durationMs ? { ...info, durationMs: playable } : info;
}

/** The first audio track as 16 kHz mono WAV, optionally only a time range of it. */
export async function extractAudio(
  inputPath: string,
  outputPath: string,
  options: MediaCallOptions & { range?: TimeRange; audioStream?: number } = {},
): Promise<void> {
  const range = options.range;
  const seek = range ? ['-ss', seconds(range.startMs)] : [];
  const length = range ? ['-t', seconds(range.endMs - range.startMs)] : [];
  await runProcess(
    'ffmpeg',
    // Silence fills the track's start when it begins after the file does (audio muxed late): the
    // WAV's times are the video's, so the subtitles are too (they came out 3 s early otherwise).
    [
      ...FFMPEG_QUIET,
      ...seek,
      '-i',
      inputPath,
      ...length,
      '-map',
      `0:a:${options.audioStream ?? 0}`,
      ...(range ? [] : ['-af', 'aresample=async=1:first_pts=0']),
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(SPEECH_SAMPLE_RATE),
      ...PLAIN_WAV,
      outputPath,
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
  );
}

/** A track whose loudest moment stays under this is silent (a placeholder track); speech peaks far above. */
const SILENT_TRACK_DB = -60;
/** How much of each track is listened to when choosing one. */
const CHOOSE_TRACK_SECONDS = 300;

/**
 * Which audio track carries the sound, as its index among the file's audio streams: the first
 * that is not silent over its first five minutes. A file with several tracks (a silent
 * placeholder first, then the dialogue; or a muted first language) was transcribed from track 0
 * whatever it held, and finished "done" with no subtitles. One track: 0, nothing measured.
 * `info`: the file's probe when the caller has it (not read again).
 */
export async function soundingAudioStream(
  inputPath: string,
  options: MediaCallOptions & { info?: MediaInfo } = {},
): Promise<number> {
  const info = options.info ?? (await probe(inputPath, options));
  const tracks = info.streams.filter((stream) => stream.type === 'audio').length;
  for (let track = 0; tracks > 1 && track < tracks; track++) {
    const { stderr } = await runProcess(
      'ffmpeg',
      [
        '-hide_banner',
        '-nostdin',
        '-i',
        inputPath,
        '-map',
        `0:a:${track}`,
        '-t',
        String(CHOOSE_TRACK_SECONDS),
        '-af',
        'volumedetect',
        '-f',
        'null',
        '-',
      ],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    );
    const loudest = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
    if (loudest !== undefined && loudest !== '-inf' && Number(loudest) > SILENT_TRACK_DB) return track;
  }
  return 0;
}

/** A time range of an audio file, as speech WAV (chunks for parallel recognition). */
export function cutRange(
  inputPath: string,
  outputPath: string,
  range: TimeRange,
  options: MediaCallOptions = {},
): Promise<void> {
  return extractAudio(inputPath, outputPath, { ...options, range });
}

/** One JPEG frame at `atMs` (clamped by the caller to the video length). */
export async function thumbnail(
  inputPath: string,
  outputPath: string,
  atMs: number,
  options: MediaCallOptions & { width?: number } = {},
): Promise<void> {
  const scale = options.width ? ['-vf', `scale=${options.width}:-2`] : [];
  const grab = (ms: number) =>
    runProcess(
      'ffmpeg',
      [
        ...FFMPEG_QUIET,
        '-ss',
        seconds(ms),
        '-i',
        inputPath,
        '-frames:v',
        '1',
        ...scale,
        '-q:v',
        '3',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        outputPath,
      ],
      {
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? 120_000,
      },
    );
  await grab(atMs);
  // ffmpeg exits 0 with no frame when the video track ends before `atMs` (a short video under a
  // longer sound track): the first frame then, and an error if there is none at all.
  if (
    !(await stat(outputPath).then(
      (file) => file.size > 0,
      () => false,
    )) &&
    atMs > 0
  )
    await grab(0);
  if (
    !(await stat(outputPath).then(
      (file) => file.size > 0,
      () => false,
    ))
  )
    throw new Error('ffmpeg found no frame to make a thumbnail of');
}

/** Video codecs an MP4 carries as they are; others (VP8 from browser recordings, ProRes, Theora) are encoded to H.264. */
const MP4_VIDEO_CODECS = new Set(['h264', 'hevc', 'mpeg4', 'av1', 'vp9']);

/**
 * The video stream with `audioPath` as its only sound track (the dubbed video, an MP4): copied as
 * is when MP4 can carry it, else encoded to H.264 (sides made even, as 4:2:0 needs).
 */
export async function muxAudio(
  videoPath: string,
  audioPath: string,
  outputPath: string,
  options: MediaCallOptions = {},
): Promise<void> {
  const codec = (await probe(videoPath, options)).streams.find((stream) => stream.type === 'video')?.codec ?? '';
  const video = MP4_VIDEO_CODECS.has(codec)
    ? ['-c:v', 'copy']
    : [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
        '-pix_fmt',
        'yuv420p',
        '-vf',
        'pad=ceil(iw/2)*2:ceil(ih/2)*2',
      ];
  await runProcess(
    'ffmpeg',
    [
      ...FFMPEG_QUIET,
      '-i',
      videoPath,
      '-i',
      audioPath,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      ...video,
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      outputPath,
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
  );
}
