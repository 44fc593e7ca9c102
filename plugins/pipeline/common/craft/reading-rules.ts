import { charCount, cueCharCount, READING_RULES, type Cue, type ReadingRules } from './cue-types';
import { isNoBreakWord, noBreakWordsFor } from './no-break-words';

export type ReadingRule =
  | 'timing'
  | 'empty'
  | 'max-lines'
  | 'max-chars-per-line'
  | 'max-chars-per-second'
  | 'min-duration'
  | 'max-duration'
  | 'min-gap'
  | 'overlap'
  | 'break-after-function-word';

export interface ReadingRuleViolation {
  rule: ReadingRule;
  /** What the cue has (characters, cps, ms) and the limit it breaks, for the editor to show. */
  actual: number;
  limit: number;
  message: string;
}

/** One entry per cue, in order; `violations` is empty when the cue follows every rule. */
export interface CueReadingReport {
  index: number;
  violations: ReadingRuleViolation[];
}

export interface ReadingRulesOptions {
  /** Chooses the articles/prepositions a line must not end with; no list for unknown languages. */
  language?: string;
  rules?: Partial<ReadingRules>;
}

/** Floating-point slack so a cue timed exactly at a limit passes. */
const EPSILON = 1e-6;

function lastWord(line: string): string {
  const words = line.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

/** The rules one cue breaks on its own (everything but gaps to its neighbours). */
export function cueViolations(
  cue: Cue,
  rules: ReadingRules,
  noBreakWords: ReadonlySet<string>,
  isLast = true,
): ReadingRuleViolation[] {
  const violations: ReadingRuleViolation[] = [];
  const duration = cue.end - cue.start;
  if (!Number.isFinite(duration) || duration <= 0) {
    violations.push({ rule: 'timing', actual: duration, limit: 0, message: 'The cue ends before it starts' });
  }
  const lines = cue.lines.map((line) => line.trim());
  if (lines.length === 0 || lines.some((line) => line === '')) {
    violations.push({
      rule: 'empty',
      actual: lines.filter((line) => line !== '').length,
      limit: lines.length,
      message: 'The cue has an empty line',
    });
  }
  if (lines.length > rules.maxLines) {
    violations.push({
      rule: 'max-lines',
      actual: lines.length,
      limit: rules.maxLines,
      message: `More than ${rules.maxLines} lines`,
    });
  }
  const longest = Math.max(0, ...lines.map(charCount));
  if (longest > rules.maxCharsPerLine) {
    violations.push({
      rule: 'max-chars-per-line',
      actual: longest,
      limit: rules.maxCharsPerLine,
      message: `A line has ${longest} characters (max ${rules.maxCharsPerLine})`,
    });
  }
  if (duration > 0) {
    const cps = cueCharCount(lines) / (duration / 1000);
    if (cps > rules.maxCharsPerSecond + EPSILON) {
      violations.push({
        rule: 'max-chars-per-second',
        actual: Math.round(cps * 10) / 10,
        limit: rules.maxCharsPerSecond,
        message: `${cps.toFixed(1)} characters per second (max ${rules.maxCharsPerSecond})`,
      });
    }
    if (duration < rules.minDurationMs - EPSILON) {
      violations.push({
        rule: 'min-duration',
        actual: duration,
        limit: rules.minDurationMs,
        message: `Shown for ${Math.round(duration)} ms (min ${rules.minDurationMs})`,
      });
    }
    if (duration > rules.maxDurationMs + EPSILON) {
      violations.push({
        rule: 'max-duration',
        actual: duration,
        limit: rules.maxDurationMs,
        message: `Shown for ${Math.round(duration)} ms (max ${rules.maxDurationMs})`,
      });
    }
  }
  // The last line of the last cue has nothing after it to be separated from.
  const breaks = isLast ? lines.slice(0, -1) : lines;
  const stranded = breaks.map(lastWord).find((word) => isNoBreakWord(word, noBreakWords));
  if (stranded !== undefined) {
    violations.push({
      rule: 'break-after-function-word',
      actual: 1,
      limit: 0,
      message: `"${stranded}" is separated from the word it belongs to`,
    });
  }
  return violations;
}

/**
 * Checks cues against the reading rules; cues are taken in the given order, as shown. Used by
 * the segmentation tests, the benchmark and the subtitle editor.
 */
export function checkReadingRules(cues: readonly Cue[], options: ReadingRulesOptions = {}): CueReadingReport[] {
  const rules = { ...READING_RULES, ...options.rules };
  const noBreakWords = noBreakWordsFor(options.language ?? 'en');
  return cues.map((cue, index) => {
    const violations = cueViolations(cue, rules, noBreakWords, index === cues.length - 1);
    const next = cues[index + 1];
    if (next) {
      const gap = next.start - cue.end;
      if (gap < 0) {
        violations.push({
          rule: 'overlap',
          actual: gap,
          limit: 0,
          message: `Overlaps the next cue by ${Math.round(-gap)} ms`,
        });
      } else if (gap < rules.minGapMs - EPSILON) {
        violations.push({
          rule: 'min-gap',
          actual: gap,
          limit: rules.minGapMs,
          message: `${Math.round(gap)} ms before the next cue (min ${rules.minGapMs})`,
        });
      }
    }
    return { index, violations };
  });
}

/** Share of cues (0..1) without any violation; 1 for no cues. */
export function readingRulesPassRate(reports: readonly CueReadingReport[]): number {
  if (reports.length === 0) return 1;
  return reports.filter((report) => report.violations.length === 0).length / reports.length;
}
