import type { ReadingRules } from '../../../pipeline/common/craft/cue-types';
import { checkReadingRules } from '../../../pipeline/common/craft/reading-rules';
import type { EditorCue } from './cue-edits';
import { shotChangeViolations, type EditorProblem } from './shot-change-problems';

/**
 * What each cue breaks of the reading rules the pipeline cuts by: the pipeline's own
 * checkReadingRules (plugins/pipeline/common/craft), run on the list as it is typed, and, once the
 * video's cuts are known, its edges a few frames off a shot change (shot-change-problems.ts).
 * Linear in the cues (a couple of milliseconds for a 2,000-cue film), so it runs on every edit.
 */
export interface ReadingProblems {
  /** Violations by cue index; empty arrays for clean cues. */
  byCue: EditorProblem[][];
  /** Indices of cues with at least one violation, in order (what "next problem" walks). */
  flagged: number[];
}

export function readingProblems(
  cues: readonly EditorCue[],
  language?: string,
  rules: Partial<ReadingRules> = {},
  cuts: readonly number[] = [],
): ReadingProblems {
  const reports = checkReadingRules(
    cues.map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') })),
    { language, rules },
  );
  const byCue = reports.map((report, index) => withCuts(report.violations, cues[index], cuts));
  const flagged: number[] = [];
  byCue.forEach((violations, index) => violations.length > 0 && flagged.push(index));
  return { byCue, flagged };
}

/** The rules' violations of a cue and, when the video has cuts, its shot-change ones. */
function withCuts(violations: EditorProblem[], cue: EditorCue, cuts: readonly number[]): EditorProblem[] {
  if (cuts.length === 0) return violations;
  const atCuts = shotChangeViolations(cue, cuts);
  return atCuts.length === 0 ? violations : [...violations, ...atCuts];
}

/** The flagged cue after (or, backwards, before) `from`, wrapping round; null when none. */
export function nextProblem(flagged: readonly number[], from: number, backwards = false): number | null {
  if (flagged.length === 0) return null;
  if (backwards) return [...flagged].reverse().find((index) => index < from) ?? flagged[flagged.length - 1];
  return flagged.find((index) => index > from) ?? flagged[0];
}

/**
 * The problems after an edit, reusing the last check: when the list has the same length and the
 * rules are the same, only cues that are new objects (edits keep the others) and the cue before
 * each (its gap) are checked again, each with its next neighbour, by the same checkReadingRules.
 * Unchanged cues keep their violation arrays, so their rows do not repaint. Typing in one cue of
 * a 2,000-cue film checks 2 cues instead of 2,000.
 */
export function updatedProblems(
  before: { cues: readonly EditorCue[]; problems: ReadingProblems },
  cues: readonly EditorCue[],
  language?: string,
  rules: Partial<ReadingRules> = {},
  cuts: readonly number[] = [],
): ReadingProblems {
  const changed: number[] = [];
  if (before.cues.length === cues.length) {
    for (let i = 0; i < cues.length && changed.length <= 64; i++) if (cues[i] !== before.cues[i]) changed.push(i);
  }
  if (before.cues.length !== cues.length || changed.length > 64) return readingProblems(cues, language, rules, cuts);
  if (changed.length === 0) return before.problems;
  const byCue = [...before.problems.byCue];
  const again = new Set(changed.flatMap((i) => (i > 0 ? [i - 1, i] : [i])));
  for (const i of again) {
    // The cue and its next neighbour: the same report checkReadingRules gives the cue in the whole list.
    const pair = cues.slice(i, i + 2).map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') }));
    byCue[i] = withCuts(checkReadingRules(pair, { language, rules })[0].violations, cues[i], cuts);
  }
  const flagged: number[] = [];
  byCue.forEach((violations, index) => violations.length > 0 && flagged.push(index));
  return { byCue, flagged };
}
