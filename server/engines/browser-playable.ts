import { probe, soundingAudioStream, type MediaCallOptions, type MediaInfo, type MediaStream } from './media';
import { runProcess } from './process-runner';

/**
 * Which media a browser's <video> plays as uploaded, and an H.264/AAC MP4 for the rest. People
 * upload what their cameras, recorders and editors wrote (AVI, MPEG-TS, MJPEG or PCM in MOV,
 * AC-3 or FLAC in MKV, Theora, H.263 3GP): the pipeline reads all of it through ffmpeg, but the
 * editor and the share page showed "This browser cannot play the video" for them. The rule is
 * what Chrome, Firefox and Safari all play, so a file that needs no copy is never made one.
 */

/** Containers and the codecs every current browser decodes in them. */
const PLAYED: Array<{ format: RegExp; video: Set<string>; audio: Set<string> }> = [
  // MP4/MOV/M4A (ffprobe names the family at once): H.264, VP9, AV1; AAC, MP3, Opus, FLAC.
  {
    format: /^mov,mp4/,
    video: new Set(['h264', 'vp9', 'av1']),
    audio: new Set(['aac', 'mp3', 'opus', 'flac']),
  },
  // WebM only: Matroska with H.264, AC-3 or FLAC plays in some browsers and not others.
  { format: /^matroska,webm$/, video: new Set(['vp8', 'vp9', 'av1']), audio: new Set(['opus', 'vorbis']) },
  // Ogg audio (Theora video was dropped by Chrome).
  { format: /^ogg$/, video: new Set(), audio: new Set(['opus', 'vorbis', 'flac']) },
  { format: /^mp3$/, video: new Set(), audio: new Set(['mp3']) },
  { format: /^wav$/, video: new Set(), audio: new Set(['pcm_s16le', 'pcm_u8']) },
  { format: /^flac$/, video: new Set(), audio: new Set(['flac']) },
];

/** 8-bit 4:2:0 pictures: browsers decode no other layout or depth of H.264 reliably. */
const PLAYED_PIXEL_FORMATS = /^yuvj?420p$/;

const isPicture = (stream: MediaStream) => stream.type === 'video' && !stream.attachedPicture;

/**
 * Whether a browser plays the file as it is, with its sound, and seeks in it: `soundTrack` is the audio track the
 * pipeline transcribes (soundingAudioStream); a browser plays the first, so another one needs a copy.
 */
export function browserPlays(info: MediaInfo, soundTrack = 0): boolean {
  const family = PLAYED.find((entry) => entry.format.test(info.format ?? ''));
  // A WebM without a duration or index (MediaRecorder's) plays but cannot be seeked in Chrome: the editor seeks.
  if (!family || soundTrack !== 0 || info.unstatedDuration) return false;
  return info.streams.every((stream) => {
    if (isPicture(stream))
      return family.video.has(stream.codec) && PLAYED_PIXEL_FORMATS.test(stream.pixelFormat ?? 'yuv420p');
    if (stream.type === 'audio') return family.audio.has(stream.codec);
    return true; // subtitles, data and cover art: a browser ignores them
  });
}

/**
 * `outputPath` (an MP4, faststart so playback starts before the whole file is read): the first
 * picture and the given sound track. H.264 4:2:0 is copied as is (an MKV or MPEG-TS of a camera
 * takes seconds); anything else is encoded to H.264 (sides made even, as 4:2:0 needs; rotation
 * applied by ffmpeg). Sound becomes stereo AAC at 48 kHz (5.1 is mixed down, 96 kHz resampled).
 * A file without a picture gives an MP4 of sound only, which a <video> plays too.
 */
export async function makeBrowserPlayable(
  inputPath: string,
  outputPath: string,
  options: MediaCallOptions & { info?: MediaInfo; soundTrack?: number } = {},
): Promise<void> {
  const info = options.info ?? (await probe(inputPath, options));
  const picture = info.streams.find(isPicture);
  const copyPicture = picture?.codec === 'h264' && PLAYED_PIXEL_FORMATS.test(picture.pixelFormat ?? '');
  const video = !picture
    ? ['-vn']
    : [
        '-map',
        `0:${picture.index}`,
        ...(copyPicture
          ? ['-c:v', 'copy']
          : [
              '-c:v',
              'libx264',
              '-preset',
              'veryfast',
              '-crf',
              '23',
              '-pix_fmt',
              'yuv420p',
              '-vf',
              'pad=ceil(iw/2)*2:ceil(ih/2)*2',
            ]),
      ];
  const audio = info.hasAudio
    ? ['-map', `0:a:${options.soundTrack ?? 0}`, '-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-ar', '48000']
    : [];
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      inputPath,
      ...video,
      ...audio,
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      outputPath,
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? 6 * 60 * 60 * 1000 },
  );
}

/**
 * The copy a browser needs, made at `outputPath`: true when one was made, false when the file
 * plays as it is (nothing written). The sound track is the one the pipeline transcribes.
 */
export async function ensureBrowserPlayable(
  inputPath: string,
  outputPath: string,
  options: MediaCallOptions = {},
): Promise<boolean> {
  const info = await probe(inputPath, options);
  if (!info.hasVideo && !info.hasAudio) return false;
  const soundTrack = info.hasAudio ? await soundingAudioStream(inputPath, { ...options, info }) : 0;
  if (browserPlays(info, soundTrack)) return false;
  await makeBrowserPlayable(inputPath, outputPath, { ...options, info, soundTrack });
  return true;
}
