import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { safeFetch, thumbnail, type AddressAllowance, type Storage } from '../../../server/plugin-api';
import { THUMBNAIL_WIDTH } from './element-media';

/** A picture is a few hundred KB; a feed pointing at something bigger is not giving a thumbnail. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const PICTURE_TIMEOUT_MS = 20_000;

/**
 * The picture a feed or provider gives an episode, stored as the element's thumbnail (a JPEG 320
 * px wide, as the frames grabbed from videos are). Fetched like the link itself (public addresses
 * only, size-capped), and re-encoded by ffmpeg, so what is served is always a JPEG we made, never
 * the remote bytes (an SVG with script, a PNG bomb). Null when anything fails: the frame grabbed
 * from the video (or no thumbnail, for audio) stays — a missing picture never fails an import.
 */
export async function storeLinkPicture(
  pictureUrl: string,
  storage: Storage,
  key: string,
  options: { workDir: string; allow?: AddressAllowance },
): Promise<string | null> {
  const dir = await mkdtemp(path.join(options.workDir, '.picture-'));
  try {
    const response = await safeFetch(pictureUrl, {
      maxBytes: MAX_PICTURE_BYTES,
      timeoutMs: PICTURE_TIMEOUT_MS,
      allow: options.allow,
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
    });
    const type = String(response.headers['content-type'] ?? '');
    if (response.status !== 200 || (type && !/^image\/(?!svg)/i.test(type))) {
      response.body.destroy();
      return null;
    }
    const original = path.join(dir, 'original');
    await pipeline(response.body, createWriteStream(original));
    const jpeg = path.join(dir, 'thumbnail.jpg');
    await thumbnail(original, jpeg, 0, { width: THUMBNAIL_WIDTH });
    await storage.put(key, await readFile(jpeg), 'image/jpeg');
    return key;
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
