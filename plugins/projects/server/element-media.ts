import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { thumbnail, type MediaInfo, type MediaRefusal, type Storage } from '../../../server/plugin-api';
import { PROJECTS_SERVER_MESSAGES } from '../common/projects-contract';
import type { ElementMedia } from './element-repository';

/** Thumbnails are taken one second in (or mid-way through a shorter clip), 320 px wide. */
const THUMBNAIL_AT_MS = 1000;
export const THUMBNAIL_WIDTH = 320;

/** Storage keys of an element's files: `elements/<workspaceId>/<elementId>/<name>`. */
export const elementKey = (workspaceId: string, elementId: string, name: string) =>
  `elements/${workspaceId}/${elementId}/${name}`;

/** A storage key segment from a user's file name: letters, digits, `._-`, never starting with a dot. */
export function safeName(name: string, fallback = 'media'): string {
  const cleaned = path
    .basename(name)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-120);
  return cleaned || fallback;
}

export const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  m4v: 'video/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
};

/**
 * The stored media's type from what ffprobe read, not from its name: a WebM named .mp4 (a
 * renamed browser recording) was served as video/mp4, which a browser that trusts the type fails
 * to play; a .mov holding MP4 video plays as video/mp4 where video/quicktime is not played.
 */
export function contentTypeOf(info: Pick<MediaInfo, 'format' | 'hasVideo'>, extension: string): string {
  const kind = info.hasVideo ? 'video' : 'audio';
  const format = info.format ?? '';
  if (format.startsWith('mov,mp4')) return `${kind}/mp4`;
  if (format === 'matroska,webm') return extension === 'mkv' ? 'video/x-matroska' : `${kind}/webm`;
  if (format === 'ogg') return `${kind}/ogg`;
  const byFormat: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', flac: 'audio/flac' };
  return byFormat[format] ?? CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Why an upload is refused, in words a user can act on (server/engines/media-check.ts). */
export const MEDIA_REFUSALS: Record<MediaRefusal, string> = {
  not_media: PROJECTS_SERVER_MESSAGES.notMedia,
  picture: PROJECTS_SERVER_MESSAGES.pictureNotMedia,
  incomplete: PROJECTS_SERVER_MESSAGES.incompleteMedia,
};

/**
 * Copies a probed media file into storage and makes its thumbnail (video only). The caller
 * removes `filePath` afterwards; on failure nothing this call stored remains.
 */
export async function storeElementMedia(
  storage: Storage,
  workDir: string,
  target: { workspaceId: string; elementId: string; fileName: string },
  filePath: string,
  info: MediaInfo,
): Promise<ElementMedia> {
  const name = safeName(target.fileName);
  const extension = path.extname(name).slice(1).toLowerCase();
  const storageKey = elementKey(target.workspaceId, target.elementId, name);
  const stored: string[] = [];
  try {
    const file = await storage.put(storageKey, createReadStream(filePath), contentTypeOf(info, extension));
    stored.push(storageKey);
    let thumbnailKey: string | null = null;
    if (info.hasVideo) {
      const dir = await mkdtemp(path.join(workDir, '.thumb-'));
      try {
        const jpeg = path.join(dir, 'thumbnail.jpg');
        await thumbnail(filePath, jpeg, Math.min(THUMBNAIL_AT_MS, Math.floor(info.durationMs / 2)), {
          width: THUMBNAIL_WIDTH,
        });
        // Read whole (a few KB): a frame ffmpeg could not write is an error here, inside this try,
        // not an unhandled stream error that took the whole server down (a 0.2 s video track).
        const bytes = await readFile(jpeg);
        thumbnailKey = elementKey(target.workspaceId, target.elementId, 'thumbnail.jpg');
        await storage.put(thumbnailKey, bytes, 'image/jpeg');
        stored.push(thumbnailKey);
      } catch {
        thumbnailKey = null; // a video ffmpeg cannot grab a frame from still makes an element
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    return { sizeBytes: file.size, durationMs: info.durationMs, storageKey, thumbnailKey };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}
