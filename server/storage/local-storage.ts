import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { Storage, StoredFile } from '../http/request-context';

/** Segments of letters, digits, `_`, `-`, `.`; never starting with a dot (no `..`, no hidden files). */
const KEY_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key "${key}"`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertValidKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 1000 || segments.length === 0 || !segments.every((segment) => KEY_SEGMENT.test(segment))) {
    throw new InvalidStorageKeyError(key);
  }
}

/** The app's own path of a stored file (server/storage/file-routes.ts), whatever the storage. */
export function fileUrl(key: string): string {
  assertValidKey(key);
  return `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Files under DATA_DIR/files/<key>; the content type sits beside each file in `.meta/`, a folder
 * no valid key can name. Writes go to a temporary name and are renamed, so readers never see
 * half a file.
 */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private metaOf(key: string): string {
    return path.join(this.root, '.meta', ...key.split('/')) + '.json';
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream, contentType: string): Promise<StoredFile> {
    const file = this.pathOf(key);
    const meta = this.metaOf(key);
    // A stream that fails before it is piped (a file that is not there) would emit an error
    // nobody listens to yet, and an unhandled 'error' ends the process: caught from the start.
    let early: unknown = null;
    const onEarlyError = (error: unknown) => void (early ??= error);
    if (!Buffer.isBuffer(data)) data.on('error', onEarlyError);
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(meta), { recursive: true });
      if (early) throw early;
      if (Buffer.isBuffer(data)) await writeFile(temp, data);
      else await pipeline(data, createWriteStream(temp));
    } catch (error) {
      // A dropped stream or a full disk leaves no half file behind.
      await rm(temp, { force: true });
      throw error;
    } finally {
      if (!Buffer.isBuffer(data)) data.off('error', onEarlyError);
    }
    await writeFile(meta, JSON.stringify({ contentType }));
    await rename(temp, file);
    const { size } = await stat(file);
    return { key, size, contentType };
  }

  async get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string } | null> {
    const info = await this.stat(key);
    if (!info) return null;
    return {
      stream: createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : undefined),
      ...info,
    };
  }

  async stat(key: string): Promise<{ size: number; contentType: string } | null> {
    // Outside the try: a key that could leave the folder is refused, not "missing".
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { size: info.size, contentType: await this.contentTypeOf(key) };
    } catch {
      return null;
    }
  }

  private contentTypeOf(key: string): Promise<string> {
    return readFile(this.metaOf(key), 'utf8')
      .then((text) => (JSON.parse(text) as { contentType: string }).contentType)
      .catch(() => 'application/octet-stream');
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.metaOf(key), { force: true });
  }

  urlFor(key: string): string {
    return fileUrl(key);
  }
}
