import { describe, expect, it } from 'vitest';
import { shotChangeViolations } from './shot-change-problems';

const CUTS = [3000, 10_000];
const messages = (start: number, end: number) => shotChangeViolations({ start, end }, CUTS).map((v) => v.message);

describe('shot changes as reading problems', () => {
  it('a start a few frames off a cut is flagged, on the cut (or half a frame off) it is not', () => {
    expect(messages(3120, 5000)).toEqual(['Starts 3 frames after a shot change: start it on the cut']);
    expect(messages(2960, 5000)).toEqual(['Starts 1 frame before a shot change: start it on the cut']);
    expect(messages(3000, 5000)).toEqual([]);
    expect(messages(3010, 5000)).toEqual([]);
    // Twelve frames away or more: a shot of its own, nothing to say.
    expect(messages(3480, 5000)).toEqual([]);
  });

  it('an end hanging over a cut, or just short of two frames before it, is flagged; two frames before is right', () => {
    expect(messages(1000, 3200)).toEqual(['Ends 5 frames after a shot change: end it two frames before the cut']);
    expect(messages(1000, 2960)).toEqual(['Ends 1 frame before a shot change: end it two frames before the cut']);
    expect(messages(1000, 2920)).toEqual([]);
    expect(messages(1000, 2600)).toEqual(['Ends 10 frames before a shot change: end it two frames before the cut']);
    expect(messages(1000, 2500)).toEqual([]);
    expect(messages(1000, 3500)).toEqual([]);
  });

  it('no cuts, no problems; a cue can break both edges', () => {
    expect(shotChangeViolations({ start: 3120, end: 5000 }, [])).toEqual([]);
    expect(messages(3080, 10_120)).toEqual([
      'Starts 2 frames after a shot change: start it on the cut',
      'Ends 3 frames after a shot change: end it two frames before the cut',
    ]);
  });
});
