import { READING_RULES } from '../../../pipeline/common/craft/cue-types';
import type { EditorCue } from './cue-edits';

/**
 * Shifting a range of cues in time (a subtitle made for another cut of the film, a late
 * transcript). The shift is cut short rather than break the timeline: no cue starts below zero,
 * and the range comes no closer to a neighbour than the rules' minimum gap (one already closer, or
 * overlapped, gets no closer than it was). Untouched cues stay the same objects.
 */
export interface ShiftResult {
  cues: readonly EditorCue[];
  /** What was applied (may be less than asked, 0 when nothing moved). */
  appliedMs: number;
}

export function shiftRange(
  cues: readonly EditorCue[],
  from: number,
  to: number,
  ms: number,
  minGapMs = READING_RULES.minGapMs,
): ShiftResult {
  const first = Math.max(0, Math.min(from, to));
  const last = Math.min(cues.length - 1, Math.max(from, to));
  let delta = Math.round(ms);
  if (last < first || delta === 0) return { cues, appliedMs: 0 };
  const range = cues.slice(first, last + 1);
  if (delta < 0) {
    const earliest = Math.min(...range.map((cue) => cue.start));
    let floor = 0;
    const before = cues[first - 1];
    // A neighbour already too close (or overlapped) stays no closer than before.
    if (before) floor = Math.max(floor, Math.min(before.end + minGapMs, cues[first].start));
    delta = Math.max(delta, Math.min(0, floor - cues[first].start), -earliest);
  } else {
    const after = cues[last + 1];
    if (after) {
      const ceiling = Math.max(after.start - minGapMs, cues[last].end);
      delta = Math.min(delta, Math.max(0, ceiling - cues[last].end));
    }
  }
  if (delta === 0) return { cues, appliedMs: 0 };
  const moved = range.map((cue) => ({ ...cue, start: cue.start + delta, end: cue.end + delta }));
  return { cues: [...cues.slice(0, first), ...moved, ...cues.slice(last + 1)], appliedMs: delta };
}
