import { open } from 'node:fs/promises';
import { probePlayable, type MediaCallOptions, type MediaInfo } from './media';
import { EngineProcessError } from './process-runner';

/**
 * Whether a file is video or audio that plays over time, or why not. ffprobe reads a still picture
 * (PNG, JPEG, even named .mp4) as a one-frame "video": it was accepted, made a project of no
 * length and failed only at set-up; an MP4 cut before its index (a recording stopped by a full
 * card, a copy interrupted) was refused as "not a video" though it is one, just incomplete.
 */
export type MediaRefusal = 'not_media' | 'picture' | 'incomplete';

export type MediaCheck = { info: MediaInfo; refusal: null } | { info: null; refusal: MediaRefusal };

/** Demuxers of single pictures (image2 for .jpg/.png names, *_pipe when ffprobe recognises the bytes). */
const PICTURE_FORMATS = /^(image2|[a-z0-9]+_pipe)$/;

/** An MP4/MOV begins with a box naming its brand (`ftyp`) or, from older cameras, its data (`mdat`, `wide`). */
async function startsAsMp4(inputPath: string): Promise<boolean> {
  const file = await open(inputPath, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await file.read(head, 0, 8, 0);
    return bytesRead === 8 && ['ftyp', 'mdat', 'wide', 'free'].includes(head.toString('latin1', 4, 8));
  } finally {
    await file.close();
  }
}

export async function checkMedia(inputPath: string, options: MediaCallOptions = {}): Promise<MediaCheck> {
  let info: MediaInfo;
  try {
    info = await probePlayable(inputPath, options);
  } catch (error) {
    const incomplete =
      error instanceof EngineProcessError &&
      /moov atom not found/.test(error.stderrTail) &&
      (await startsAsMp4(inputPath));
    return { info: null, refusal: incomplete ? 'incomplete' : 'not_media' };
  }
  if (!info.hasVideo && !info.hasAudio) return { info: null, refusal: 'not_media' };
  if (PICTURE_FORMATS.test(info.format ?? '') || (!info.hasAudio && info.durationMs <= 0))
    return { info: null, refusal: 'picture' };
  if (info.durationMs <= 0) return { info: null, refusal: 'not_media' };
  return { info, refusal: null };
}
