/**
 * Where a dragged cue lands: pure, so the timeline's pointer handlers stay thin and this is tested
 * alone. An edge stays at least MIN_CUE_MS from the other and nothing goes below 0. Near one of the
 * drag's snap points (the neighbour cue's edge less the minimum gap, the playhead, a shot change)
 * the moving edge sticks to it, as in Subtitle Edit and Aegisub; holding Alt turns snapping off.
 * At a shot change a start sits on the cut's first frame and an end two frames before the cut,
 * as broadcast and streaming style guides time them (a cue that outlives its shot flickers on
 * the next one).
 */
import { READING_RULES } from '../../../pipeline/common/craft/cue-types';

/** A cue is never dragged shorter than this (two frames). */
export const MIN_CUE_MS = 80;
/** The gap left to a neighbour when an edge snaps to it: the reading rules' minimum gap (two frames). */
export const SNAP_GAP_MS = READING_RULES.minGapMs;
/** An edge this close to a snap point (on screen) sticks to it. */
export const SNAP_PX = 5;

export type DragPart = 'start' | 'end' | 'move';

export interface CueDrag {
  part: DragPart;
  start: number;
  end: number;
  /** The previous cue's end and the next cue's start, when there are neighbours. */
  previousEnd: number | null;
  nextStart: number | null;
  playhead: number;
  /** The video's cuts (ms, ascending), when known. */
  shotChanges?: readonly number[];
}

/** Snap points for the cue's start and for its end. */
function snapPoints(drag: CueDrag): { start: number[]; end: number[] } {
  const start = [drag.playhead];
  const end = [drag.playhead];
  if (drag.previousEnd !== null) start.push(drag.previousEnd + SNAP_GAP_MS);
  if (drag.nextStart !== null) end.push(drag.nextStart - SNAP_GAP_MS);
  for (const cut of drag.shotChanges ?? []) {
    start.push(cut);
    end.push(cut - SNAP_GAP_MS);
  }
  return { start, end };
}

/** The nearest point within `reach` of `ms`, as the offset to add, or null. */
function pull(ms: number, points: number[], reach: number): number | null {
  let best: number | null = null;
  for (const point of points) {
    const offset = point - ms;
    if (Math.abs(offset) <= reach && (best === null || Math.abs(offset) < Math.abs(best))) best = offset;
  }
  return best;
}

/** The cue after dragging by `ms` at `msPerPx` on screen; `snap: false` while Alt is held. */
export function draggedCue(drag: CueDrag, ms: number, msPerPx: number, snap = true): { start: number; end: number } {
  const reach = snap ? SNAP_PX * msPerPx : -1;
  const points = snapPoints(drag);
  if (drag.part === 'start') {
    const raw = drag.start + ms;
    const start = raw + (pull(raw, points.start, reach) ?? 0);
    return { start: Math.max(0, Math.min(drag.end - MIN_CUE_MS, start)), end: drag.end };
  }
  if (drag.part === 'end') {
    const raw = drag.end + ms;
    const end = raw + (pull(raw, points.end, reach) ?? 0);
    return { start: drag.start, end: Math.max(drag.start + MIN_CUE_MS, end) };
  }
  // Moved whole: whichever edge is nearer a point pulls the cue.
  const byStart = pull(drag.start + ms, points.start, reach);
  const byEnd = pull(drag.end + ms, points.end, reach);
  const snapBy = byStart === null ? byEnd : byEnd === null || Math.abs(byStart) <= Math.abs(byEnd) ? byStart : byEnd;
  const by = Math.max(-drag.start, ms + (snapBy ?? 0));
  return { start: drag.start + by, end: drag.end + by };
}
