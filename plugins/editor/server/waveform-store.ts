import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteLru, probe, WorkLimit, type Storage } from '../../../server/plugin-api';
import { decodePyramid, encodePyramid, PeakAccumulator, pyramidOf, type WaveformPyramid } from './waveform-pyramid';

/** 8 kHz is plenty for peaks (what the eye sees is the envelope) and decodes fast. */
const SAMPLE_RATE = 8000;
/** A 2-hour film's pyramid is about 2.9 MB: a few dozen films open at once fit. */
const MEMORY_BYTES = 96 * 1024 * 1024;
/** Peaks made at once in this process; more wait (each is one ffmpeg decoding a whole film). */
const AT_ONCE = 1;
/** A film is decoded in well under this; a hung ffmpeg never blocks the queue. */
const DECODE_TIMEOUT_MS = 30 * 60 * 1000;
/** Bumped when the file layout or the way peaks are made changes: old files are then made again. */
const FORMAT = 'v1';

/**
 * The peaks of stored media, made once and kept in Storage under `waveforms/<hash of the media
 * key>.bin` (so every machine of a cluster finds them, and a media file under a new key gets
 * new ones), and in memory for the windows asked next. `peaks()` never waits for ffmpeg: it
 * answers null while they are made in the background, one film at a time per process; two
 * machines making the same file at once both write the same bytes.
 */
export class WaveformStore {
  private readonly memory = new ByteLru(MEMORY_BYTES);
  private readonly making = new Map<string, Promise<void>>();
  private readonly limit = new WorkLimit(AT_ONCE);

  constructor(private readonly storage: Storage) {}

  static keyOf(mediaKey: string): string {
    return `waveforms/${createHash('sha256').update(`${FORMAT}:${mediaKey}`).digest('hex')}.bin`;
  }

  /** The pyramid when it is made; null while it is being made (started here if nobody has). */
  async peaks(mediaKey: string): Promise<WaveformPyramid | null> {
    const key = WaveformStore.keyOf(mediaKey);
    const known = this.memory.get(key) ?? (await this.readStored(key));
    const pyramid = known && decodePyramid(known);
    if (pyramid) return pyramid;
    if (!this.making.has(key)) {
      const made = this.limit.run(() => this.make(mediaKey, key))
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
    const dir = await mkdtemp(path.join(tmpdir(), 'polycue-waveform-'));
    try {
      // ffmpeg seeks in a file, not in a stream whose index may sit at its end: a local copy first.
      const source = path.join(dir, 'source');
      await pipeline(stored.stream, createWriteStream(source));
      const pyramid = await peaksOfFile(source);
      const bytes = encodePyramid(pyramid);
      // Whole, then visible: Storage writes are atomic, so a reader never sees half a pyramid.
      await this.storage.put(key, bytes, 'application/octet-stream');
      this.memory.set(key, bytes);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Decodes the first audio stream to mono 8 kHz 16-bit PCM and folds it into peaks as it comes
 * out of ffmpeg. Media without audio, or that ffmpeg cannot read, gets an empty pyramid (the
 * editor then draws no waveform): the file will not read better next time.
 */
export async function peaksOfFile(file: string): Promise<WaveformPyramid> {
  const info = await probe(file).catch(() => null);
  if (!info?.hasAudio) return pyramidOf(new Int8Array(0), 0);
  const accumulator = new PeakAccumulator(SAMPLE_RATE);
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-c:a', 'pcm_s16le', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), DECODE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => accumulator.push(chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
  if (!ok) return pyramidOf(new Int8Array(0), 0);
  return accumulator.finish();
}
