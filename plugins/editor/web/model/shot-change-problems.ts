import type { ReadingRule, ReadingRuleViolation } from '../../../pipeline/common/craft/reading-rules';
import { SNAP_GAP_MS } from '../timeline/cue-drag';
import { FRAME_MS } from './cue-edits';

/**
 * How close to a cut an edge may not sit unless it is on it: 12 frames, the window broadcast and
 * streaming style guides use (a subtitle that changes a few frames from a cut, or hangs over it
 * into the next shot, flickers). On it means a start on the cut's first frame and an end two
 * frames before the cut, where a dragged edge snaps (timeline/cue-drag.ts); half a frame either
 * way still counts.
 */
export const SHOT_CHANGE_WINDOW_MS = 12 * FRAME_MS;
const ON_CUT_MS = FRAME_MS / 2;

/**
 * What a cue row shows: the pipeline's reading-rule violations and the editor's own shot-change
 * ones (the pipeline does not see the video's cuts, so their kinds stay the editor's).
 */
export type EditorProblem = Omit<ReadingRuleViolation, 'rule'> & {
  rule: ReadingRule | 'shot-change-start' | 'shot-change-end';
};

/** The cut nearest `ms` (cuts ascending), or null when there are none. */
function nearestCut(cuts: readonly number[], ms: number): number | null {
  if (cuts.length === 0) return null;
  let low = 0;
  let high = cuts.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cuts[middle] < ms) low = middle + 1;
    else high = middle;
  }
  const after = cuts[low];
  const before = low > 0 ? cuts[low - 1] : null;
  return before !== null && ms - before < after - ms ? before : after;
}

const frames = (ms: number) => Math.max(1, Math.round(Math.abs(ms) / FRAME_MS));
const framesText = (ms: number) => (frames(ms) === 1 ? '1 frame' : `${frames(ms)} frames`);

/** What a cue's edges do near the video's cuts: at most one problem for its start and one for its end. */
export function shotChangeViolations(cue: { start: number; end: number }, cuts: readonly number[]): EditorProblem[] {
  const violations: EditorProblem[] = [];
  const startCut = nearestCut(cuts, cue.start);
  if (startCut !== null) {
    const off = cue.start - startCut;
    if (Math.abs(off) > ON_CUT_MS && Math.abs(off) < SHOT_CHANGE_WINDOW_MS) {
      const where = off < 0 ? 'before' : 'after';
      violations.push({
        rule: 'shot-change-start',
        actual: off,
        limit: 0,
        message: `Starts ${framesText(off)} ${where} a shot change: start it on the cut`,
      });
    }
  }
  // The end is judged against the cut it is nearest to: two frames before it is right.
  const endCut = nearestCut(cuts, cue.end + SNAP_GAP_MS / 2);
  if (endCut !== null && endCut > cue.start) {
    const off = cue.end - endCut;
    const fromTarget = cue.end - (endCut - SNAP_GAP_MS);
    if (Math.abs(fromTarget) > ON_CUT_MS && Math.abs(off) < SHOT_CHANGE_WINDOW_MS) {
      const where = off < 0 ? 'before' : 'after';
      violations.push({
        rule: 'shot-change-end',
        actual: off,
        limit: -SNAP_GAP_MS,
        message: `Ends ${framesText(off)} ${where} a shot change: end it two frames before the cut`,
      });
    }
  }
  return violations;
}
