import { cueCharCount, READING_RULES, type Cue, type ReadingRules } from './cue-types';

/**
 * How far a cue's start or end may move from where the fitting put it, to lend reading time to
 * a neighbour: a subtitle a few hundred milliseconds early or late still reads as in sync
 * (subtitlers "cheat" timings by about this much), a second does not.
 */
const MAX_SHIFT_MS = 400;

const readingMs = (cue: Cue, rules: ReadingRules) =>
  Math.max(rules.minDurationMs, (cueCharCount(cue.lines) * 1000) / rules.maxCharsPerSecond);

/**
 * Lends reading time between neighbouring cues: a cue that reads too fast takes the free time
 * after it, then time from the next cue (which starts a little later) and from the previous one
 * (which ends a little earlier), as long as the lender still reads within the rules. Cues stay in
 * order with the minimum gap between them; nothing moves further than MAX_SHIFT_MS. Returns new
 * cues; the input is not changed.
 */
export function lendReadingTime(
  input: readonly Cue[],
  options: { rules?: Partial<ReadingRules>; mediaEndMs?: number } = {},
): Cue[] {
  const rules: ReadingRules = { ...READING_RULES, ...options.rules };
  const cues = input.map((cue) => ({ ...cue }));
  const original = input.map((cue) => ({ start: cue.start, end: cue.end }));
  for (let index = 0; index < cues.length; index++) {
    const cue = cues[index]!;
    const next = cues[index + 1];
    const previous = cues[index - 1];
    let missing = readingMs(cue, rules) - (cue.end - cue.start);
    if (missing <= 0) continue;
    // 1. Free time after the cue, up to the next cue (or the end of the media).
    const freeEnd = Math.min(
      next ? next.start - rules.minGapMs : (options.mediaEndMs ?? cue.end),
      original[index]!.end + MAX_SHIFT_MS,
      cue.start + rules.maxDurationMs,
    );
    const extend = Math.max(0, Math.min(missing, freeEnd - cue.end));
    cue.end += extend;
    missing -= extend;
    // 2. The next cue starts later, if it can spare the time.
    if (missing > 0 && next) {
      const spare = Math.min(
        next.end - next.start - readingMs(next, rules),
        original[index + 1]!.start + MAX_SHIFT_MS - next.start,
        original[index]!.end + MAX_SHIFT_MS - cue.end,
        cue.start + rules.maxDurationMs - cue.end,
      );
      const take = Math.max(0, Math.min(missing, spare));
      next.start += take;
      cue.end += take;
      missing -= take;
    }
    // 3. The previous cue ends earlier, and this one comes in sooner.
    if (missing > 0 && previous) {
      const spare = Math.min(
        previous.end - previous.start - readingMs(previous, rules),
        cue.start - (original[index]!.start - MAX_SHIFT_MS),
        rules.maxDurationMs - (cue.end - cue.start),
      );
      const take = Math.max(0, Math.min(missing, spare));
      previous.end -= take;
      cue.start -= take;
    }
  }
  return cues;
}
