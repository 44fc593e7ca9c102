import { READING_RULES, type ReadingRules } from '../../../pipeline/common/craft/cue-types';
import { checkReadingRules, type ReadingRuleViolation } from '../../../pipeline/common/craft/reading-rules';
import type { EditorCue } from './cue-edits';

/** The limits an edit keeps: the rules in force (a guideline's, else the pipeline's) and the language (its no-break words). */
export interface RuleContext {
  rules: ReadingRules;
  language?: string;
}

export const DEFAULT_RULE_CONTEXT: RuleContext = { rules: READING_RULES };

export const ruleContext = (rules: Partial<ReadingRules> = {}, language?: string): RuleContext => ({
  rules: { ...READING_RULES, ...rules },
  language,
});

/**
 * Each cue's violations in cues[from..to], as checkReadingRules gives them in the whole list: the
 * slice runs one cue further, so the last cue's gap to its next and its "last cue" flag are right.
 */
function violationsIn(
  cues: readonly EditorCue[],
  from: number,
  to: number,
  context: RuleContext,
): ReadingRuleViolation[][] {
  const start = Math.max(0, from);
  const slice = cues
    .slice(start, Math.min(cues.length, to + 2))
    .map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') }));
  const reports = checkReadingRules(slice, { rules: context.rules, language: context.language });
  return reports.slice(0, to - start + 1).map((report) => report.violations);
}

/**
 * The rule breaks an edit would bring in: for each cue of the edited stretch (`after[from..]`, one
 * entry of `origins` per cue: the indices in `before` it was made from), a rule it breaks that
 * none of its origins broke. An edit with any is refused, so the editor's own commands (split,
 * merge, shift) never create a problem the subtitler then has to fix; typing and timing by hand
 * stay free (the problems column says what they break).
 */
export function introducedBreaks(
  before: readonly EditorCue[],
  after: readonly EditorCue[],
  from: number,
  origins: readonly (readonly number[])[],
  context: RuleContext,
): ReadingRuleViolation[] {
  if (origins.length === 0) return [];
  const all = origins.flat();
  const low = Math.min(...all);
  const high = Math.max(...all);
  const was = violationsIn(before, low, high, context);
  const now = violationsIn(after, from, from + origins.length - 1, context);
  return now.flatMap((violations, i) => {
    const allowed = new Set(origins[i].flatMap((index) => was[index - Math.max(0, low)]?.map((v) => v.rule) ?? []));
    return violations.filter((v) => !allowed.has(v.rule));
  });
}
