import { checkReadingRules, type ReadingRuleViolation } from '../../../pipeline/common/craft/reading-rules';
import type { EditorCue } from './cue-edits';

/**
 * What each cue breaks of the reading rules the pipeline cuts by: the pipeline's own
 * checkReadingRules (plugins/pipeline/common/craft), run on the list as it is typed. Linear in
 * the cues (a couple of milliseconds for a 2,000-cue film), so it runs on every edit.
 */
export interface ReadingProblems {
  /** Violations by cue index; empty arrays for clean cues. */
  byCue: ReadingRuleViolation[][];
  /** Indices of cues with at least one violation, in order (what "next problem" walks). */
  flagged: number[];
}

export function readingProblems(cues: readonly EditorCue[], language?: string): ReadingProblems {
  const reports = checkReadingRules(
    cues.map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') })),
    { language },
  );
  const byCue = reports.map((report) => report.violations);
  const flagged: number[] = [];
  byCue.forEach((violations, index) => violations.length > 0 && flagged.push(index));
  return { byCue, flagged };
}

/** The flagged cue after (or, backwards, before) `from`, wrapping round; null when none. */
export function nextProblem(flagged: readonly number[], from: number, backwards = false): number | null {
  if (flagged.length === 0) return null;
  if (backwards) return [...flagged].reverse().find((index) => index < from) ?? flagged[flagged.length - 1];
  return flagged.find((index) => index > from) ?? flagged[0];
}
