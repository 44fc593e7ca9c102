import { describe, expect, it } from 'vitest';
import { decodePyramid, encodePyramid, PeakAccumulator, peaksOf } from './waveform-pyramid';

/** `seconds` of 8 kHz s16le: a square wave of `amplitude` (0 = silence). */
const pcm = (seconds: number, amplitude: number) => {
  const samples = Buffer.alloc(seconds * 8000 * 2);
  for (let i = 0; i < seconds * 8000; i++) samples.writeInt16LE(i % 2 ? amplitude : -amplitude, i * 2);
  return samples;
};

describe('waveform pyramid', () => {
  it('keeps the envelope at every level, in any chunking, and survives its file layout', () => {
    const audio = Buffer.concat([pcm(60, 32000), pcm(60, 0), pcm(60, 8000)]);
    const accumulator = new PeakAccumulator(8000);
    // Odd-sized chunks: a sample split between two chunks still counts once.
    for (let at = 0; at < audio.length; at += 4097) accumulator.push(audio.subarray(at, at + 4097));
    const pyramid = decodePyramid(encodePyramid(accumulator.finish()))!;
    expect(pyramid.durationMs).toBe(180_000);
    expect(pyramid.levels[0].length).toBe(18_000 * 2);
    expect(pyramid.levels.at(-1)!.length / 2).toBeLessThanOrEqual(256);
    // The overview (coarse level) and a zoom (level 0) say the same thing.
    // (A bucket may take in up to one of its own width of its neighbour: the level's buckets are not aligned with it.)
    const overview = Array.from(peaksOf(pyramid, 0, 180_000, 30));
    expect(overview.slice(0, 20)).toEqual(Array.from({ length: 10 }, () => [-125, 125]).flat());
    expect(overview.slice(22, 38)).toEqual(Array(16).fill(0));
    expect(overview.slice(42)).toEqual(Array.from({ length: 9 }, () => [-31, 31]).flat());
    expect(Array.from(peaksOf(pyramid, 59_990, 60_010, 2))).toEqual([-125, 125, 0, 0]);
    expect(decodePyramid(Buffer.from('not a pyramid'))).toBeNull();
  });
});
