import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteLru, WorkLimit, type Storage } from '../../../server/plugin-api';

/** What the editor derives from a version's media once (its waveform, its shot changes) and how. */
export interface MediaDerivative {
  /** The Storage folder: `<folder>/<hash of format and media key><extension>`. */
  folder: string;
  extension: string;
  contentType: string;
  /** Bumped when the bytes or the way they are made change: old files are then made again. */
  format: string;
  /** Reads the media (a local copy) and returns what is kept. */
  make(file: string): Promise<Buffer>;
}

/** Where a derivative of the media under `mediaKey` is kept. */
export function derivativeKey({ folder, format, extension }: MediaDerivative, mediaKey: string): string {
  return `${folder}/${createHash('sha256').update(`${format}:${mediaKey}`).digest('hex')}${extension}`;
}

/**
 * Derivatives of stored media, made once and kept in Storage (so every machine of a cluster finds
 * them, and media under a new key gets new ones) and in memory for the next requests. `get()`
 * never waits for ffmpeg: it answers null while the bytes are made in the background; two
 * machines making the same file at once both write the same bytes.
 */
export class MediaDerivatives {
  private readonly memory: ByteLru;
  private readonly making = new Map<string, Promise<void>>();
  /** Made one film at a time per process (each is an ffmpeg reading a whole film); more wait. */
  private readonly limit = new WorkLimit(1);

  constructor(
    private readonly storage: Storage,
    private readonly derivative: MediaDerivative,
    memoryBytes: number,
  ) {
    this.memory = new ByteLru(memoryBytes);
  }

  keyOf(mediaKey: string): string {
    return derivativeKey(this.derivative, mediaKey);
  }

  /**
   * The kept bytes read by `decode` once made; null while they are being made (started here if
   * nobody has), or made again when `decode` refuses what is kept (another format's file).
   */
  async get<T>(mediaKey: string, decode: (bytes: Buffer) => T | null): Promise<T | null> {
    const key = this.keyOf(mediaKey);
    const known = this.memory.get(key) ?? (await this.readStored(key));
    const decoded = known && decode(known);
    if (decoded) return decoded;
    if (!this.making.has(key)) {
      const made = this.limit
        .run(() => this.make(mediaKey, key))
        .catch(() => {})
        .finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return null;
  }

  private async readStored(key: string): Promise<Buffer | null> {
    const stored = await this.storage.get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    this.memory.set(key, bytes);
    return bytes;
  }

  private async make(mediaKey: string, key: string): Promise<void> {
    const stored = await this.storage.get(mediaKey);
    if (!stored) return;
    const dir = await mkdtemp(path.join(tmpdir(), 'polycue-derivative-'));
    try {
      // ffmpeg seeks in a file, not in a stream whose index may sit at its end: a local copy first.
      const source = path.join(dir, 'source');
      await pipeline(stored.stream, createWriteStream(source));
      const bytes = await this.derivative.make(source);
      // Whole, then visible: Storage writes are atomic, so a reader never sees half a file.
      await this.storage.put(key, bytes, this.derivative.contentType);
      this.memory.set(key, bytes);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
