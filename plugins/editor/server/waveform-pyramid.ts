import { WAVEFORM_BASE_BUCKET_MS } from '../common/waveform-contract';

/**
 * A waveform as a pyramid of min/max peaks: level 0 has one (min, max) pair of signed bytes per
 * 10 ms, each level above halves the one below, up to a few hundred pairs. Any window at any
 * zoom is then read from the level whose buckets are just finer than asked, touching at most
 * about twice the buckets returned: a 2-hour film's overview and a 10-second zoom cost alike.
 *
 * File layout (little-endian): "PCW1", duration ms (u32), base bucket ms (u32), level count (u32),
 * each level's pair count (u32), then each level's pairs, level 0 first.
 */

const MAGIC = 'PCW1';
/** The coarsest level stops once it has no more pairs than this. */
const TOP_LEVEL_MAX = 256;

export interface WaveformPyramid {
  durationMs: number;
  baseBucketMs: number;
  /** levels[k]: min, max pairs of buckets baseBucketMs * 2^k long. */
  levels: Int8Array[];
}

/** 16-bit sample -> signed byte, rounding towards zero so silence stays 0. */
const toByte = (sample: number) => (sample >= 0 ? sample >> 8 : -(-sample >> 8));

/**
 * Builds level 0 from a stream of mono signed 16-bit little-endian samples (ffmpeg's s16le),
 * chunk by chunk: a 2-hour film is 115 MB at 8 kHz and is never held whole.
 */
export class PeakAccumulator {
  private readonly pairs: number[] = [];
  private count = 0;
  private min = 0;
  private max = 0;
  private carry: number | null = null;
  private readonly samplesPerBucket: number;

  constructor(
    readonly sampleRate: number,
    readonly bucketMs = WAVEFORM_BASE_BUCKET_MS,
  ) {
    this.samplesPerBucket = Math.round((sampleRate * bucketMs) / 1000);
  }

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.add(Buffer.from([this.carry, chunk[0]]).readInt16LE(0));
      this.carry = null;
      offset = 1;
    }
    for (; offset + 1 < chunk.length; offset += 2) this.add(chunk.readInt16LE(offset));
    if (offset < chunk.length) this.carry = chunk[offset];
  }

  private add(sample: number): void {
    if (this.count === 0) this.min = this.max = sample;
    else if (sample < this.min) this.min = sample;
    else if (sample > this.max) this.max = sample;
    if (++this.count === this.samplesPerBucket) this.flush();
  }

  private flush(): void {
    this.pairs.push(toByte(this.min), toByte(this.max));
    this.count = 0;
  }

  /** The pyramid of everything pushed (a last partial bucket included). */
  finish(): WaveformPyramid {
    if (this.count > 0) this.flush();
    const base = Int8Array.from(this.pairs);
    const samples = (base.length / 2) * this.samplesPerBucket;
    return pyramidOf(base, Math.round((samples / this.sampleRate) * 1000), this.bucketMs);
  }
}

/** Stacks halved levels on a level 0. */
export function pyramidOf(
  base: Int8Array,
  durationMs: number,
  baseBucketMs = WAVEFORM_BASE_BUCKET_MS,
): WaveformPyramid {
  const levels = [base];
  while (levels[levels.length - 1].length / 2 > TOP_LEVEL_MAX) {
    const below = levels[levels.length - 1];
    const pairs = Math.ceil(below.length / 4);
    const level = new Int8Array(pairs * 2);
    for (let i = 0; i < pairs; i++) {
      const a = i * 4;
      const hasSecond = a + 2 < below.length;
      level[i * 2] = hasSecond ? Math.min(below[a], below[a + 2]) : below[a];
      level[i * 2 + 1] = hasSecond ? Math.max(below[a + 1], below[a + 3]) : below[a + 1];
    }
    levels.push(level);
  }
  return { durationMs, baseBucketMs, levels };
}

export function encodePyramid(pyramid: WaveformPyramid): Buffer {
  const header = Buffer.alloc(16 + 4 * pyramid.levels.length);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(pyramid.durationMs, 4);
  header.writeUInt32LE(pyramid.baseBucketMs, 8);
  header.writeUInt32LE(pyramid.levels.length, 12);
  pyramid.levels.forEach((level, i) => header.writeUInt32LE(level.length / 2, 16 + 4 * i));
  return Buffer.concat([
    header,
    ...pyramid.levels.map((level) => Buffer.from(level.buffer, level.byteOffset, level.byteLength)),
  ]);
}

/** Null when the bytes are not a pyramid this code wrote (then it is made again). */
export function decodePyramid(bytes: Buffer): WaveformPyramid | null {
  if (bytes.length < 16 || bytes.toString('latin1', 0, 4) !== MAGIC) return null;
  const levelCount = bytes.readUInt32LE(12);
  let offset = 16 + 4 * levelCount;
  if (levelCount === 0 || levelCount > 40 || bytes.length < offset) return null;
  const levels: Int8Array[] = [];
  for (let i = 0; i < levelCount; i++) {
    const length = bytes.readUInt32LE(16 + 4 * i) * 2;
    if (offset + length > bytes.length) return null;
    levels.push(new Int8Array(bytes.buffer, bytes.byteOffset + offset, length));
    offset += length;
  }
  return { durationMs: bytes.readUInt32LE(4), baseBucketMs: bytes.readUInt32LE(8), levels };
}

/**
 * `buckets` (min, max) pairs over [from, to): each output bucket takes the extremes of the
 * pyramid buckets it overlaps on the level just finer than it (past the audio's end: 0).
 */
export function peaksOf(pyramid: WaveformPyramid, from: number, to: number, buckets: number): Int8Array {
  const out = new Int8Array(buckets * 2);
  const span = (to - from) / buckets;
  let levelIndex = 0;
  while (levelIndex + 1 < pyramid.levels.length && pyramid.baseBucketMs * 2 ** (levelIndex + 1) <= span) levelIndex++;
  const level = pyramid.levels[levelIndex];
  const bucketMs = pyramid.baseBucketMs * 2 ** levelIndex;
  const pairs = level.length / 2;
  for (let i = 0; i < buckets; i++) {
    const start = from + i * span;
    const first = Math.floor(start / bucketMs);
    const last = Math.max(first, Math.ceil((start + span) / bucketMs) - 1);
    if (first >= pairs || last < 0) continue;
    let min = 127;
    let max = -128;
    for (let j = Math.max(0, first); j <= Math.min(last, pairs - 1); j++) {
      if (level[j * 2] < min) min = level[j * 2];
      if (level[j * 2 + 1] > max) max = level[j * 2 + 1];
    }
    out[i * 2] = min;
    out[i * 2 + 1] = max;
  }
  return out;
}

/** The loudest |peak| of the whole audio (read off the coarsest level). */
export function loudestOf(pyramid: WaveformPyramid): number {
  const top = pyramid.levels[pyramid.levels.length - 1];
  let loud = 0;
  for (const value of top) loud = Math.max(loud, Math.abs(value));
  return loud;
}
