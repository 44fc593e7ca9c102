import { describe, expect, it } from 'vitest';
import { draggedCue, type CueDrag } from './cue-drag';

// 20 ms a pixel: snapping reaches 5 px = 100 ms.
const ZOOM = 20;
const cue = (part: CueDrag['part'], extra: Partial<CueDrag> = {}): CueDrag => ({
  part,
  start: 2000,
  end: 4000,
  previousEnd: 1000,
  nextStart: 5000,
  playhead: 0,
  ...extra,
});

describe('dragging a cue on the timeline', () => {
  it('an end dragged near the next cue sticks to it, two frames before; farther away it goes where the pointer is', () => {
    expect(draggedCue(cue('end'), 860, ZOOM)).toEqual({ start: 2000, end: 4920 });
    expect(draggedCue(cue('end'), 700, ZOOM)).toEqual({ start: 2000, end: 4700 });
  });

  it('a start dragged near the previous cue sticks two frames after its end, and to the playhead', () => {
    expect(draggedCue(cue('start'), -950, ZOOM)).toEqual({ start: 1080, end: 4000 });
    expect(draggedCue(cue('start', { playhead: 2500 }), 460, ZOOM)).toEqual({ start: 2500, end: 4000 });
  });

  it('Alt (snap off) puts the edge exactly under the pointer', () => {
    expect(draggedCue(cue('end'), 860, ZOOM, false)).toEqual({ start: 2000, end: 4860 });
  });

  it('snapping reaches further when zoomed out (it is measured on screen)', () => {
    expect(draggedCue(cue('end'), 700, 100)).toEqual({ start: 2000, end: 4920 });
  });

  it('a cue moved whole snaps by the nearer edge and keeps its length; never before 0', () => {
    expect(draggedCue(cue('move'), 880, ZOOM)).toEqual({ start: 2920, end: 4920 });
    expect(draggedCue(cue('move'), -940, ZOOM)).toEqual({ start: 1080, end: 3080 });
    expect(draggedCue(cue('move', { previousEnd: null }), -5000, ZOOM)).toEqual({ start: 0, end: 2000 });
  });

  it('an edge never passes the other edge less two frames', () => {
    expect(draggedCue(cue('end'), -5000, ZOOM)).toEqual({ start: 2000, end: 2080 });
    expect(draggedCue(cue('start'), 5000, ZOOM)).toEqual({ start: 3920, end: 4000 });
  });

  it('an edge near a shot change sticks to it: a start on the cut, an end two frames before it (Alt: not)', () => {
    const shotChanges = [3000, 6000];
    expect(draggedCue(cue('start', { shotChanges }), 960, ZOOM)).toEqual({ start: 3000, end: 4000 });
    expect(draggedCue(cue('end', { nextStart: null, shotChanges }), 1950, ZOOM)).toEqual({ start: 2000, end: 5920 });
    expect(draggedCue(cue('end', { nextStart: null, shotChanges }), 1950, ZOOM, false)).toEqual({
      start: 2000,
      end: 5950,
    });
    // Moved whole: the nearer snap wins, here the start on the cut (the end's nearest is the next cue, 60 ms off).
    expect(draggedCue(cue('move', { shotChanges }), 980, ZOOM)).toEqual({ start: 3000, end: 5000 });
  });
});
