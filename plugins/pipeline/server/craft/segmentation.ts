import { charCount, READING_RULES, type Cue, type ReadingRules, type TimedWord } from './cue-types';
import { breakLines, CLAUSE_END, SENTENCE_END } from './line-breaking';
import { noBreakWordsFor } from './no-break-words';
import { cueViolations } from './reading-rules';

export interface SegmentationOptions {
  /** Language of the words: chooses the articles and prepositions a cue or line must not end on. */
  language?: string;
  rules?: Partial<ReadingRules>;
  /** End of the media; the last cue may be held on screen up to it. Unbounded when absent. */
  mediaEndMs?: number;
}

/** A broken rule outweighs any amount of style: the segmenter only breaks rules it must. */
const VIOLATION_COST = 1000;
/** Each cue costs a little, so short sentences share a two-line cue rather than flicker by. */
const CUE_COST = 6;
const BOUNDARY_COST = { sentence: 0, clause: 4, phrase: 10 };
/** A cue boundary in a pause is natural, and the pause gives the cue room to stay on screen. */
const PAUSE_BONUS = 6;
const PAUSE_BONUS_FULL_MS = 1000;
/** A cue left on screen through a long silence reads as stale: pauses inside a cue cost. */
const INNER_PAUSE_FREE_MS = 300;
const INNER_PAUSE_COST_PER_100_MS = 1;

/**
 * Engines report words out of order, overlapping, with zero or negative durations or blank text.
 * Keeps words with text and finite times, sorted by start, with each end at or after its start.
 */
export function normalizeWords(words: readonly TimedWord[]): TimedWord[] {
  return words
    .map((word) => ({ ...word, text: word.text.trim().replace(/\s+/g, ' ') }))
    .filter((word) => word.text !== '' && Number.isFinite(word.start) && Number.isFinite(word.end))
    .map((word, order) => ({ word, order }))
    .sort((a, b) => a.word.start - b.word.start || a.order - b.order)
    .map(({ word }) => ({ ...word, start: Math.max(0, word.start), end: Math.max(word.start, word.end, 0) }));
}

interface Candidate {
  cue: Cue;
  cost: number;
}

/**
 * Cuts timed words into cues that follow the reading rules. Every way of cutting is weighed
 * (dynamic programming over cue boundaries), so a rule is broken only when no cutting avoids it,
 * and among legal cuttings the one with breaks after sentences, then clauses, in pauses, with
 * balanced lines wins. A cue starts at its first word; its end follows its last word and is held
 * into the following silence when needed for minimum duration or reading speed, but never
 * closer than the minimum gap to the next cue.
 */
export function segmentWords(input: readonly TimedWord[], options: SegmentationOptions = {}): Cue[] {
  const rules: ReadingRules = { ...READING_RULES, ...options.rules };
  const noBreakWords = noBreakWordsFor(options.language ?? 'en');
  const words = normalizeWords(input);
  const count = words.length;
  if (count === 0) return [];
  const lengths = words.map((word) => charCount(word.text));
  const maxCueChars = rules.maxCharsPerLine * rules.maxLines;
  const mediaEnd = options.mediaEndMs ?? Number.POSITIVE_INFINITY;

  function candidate(first: number, afterLast: number, chars: number): Candidate {
    const texts = words.slice(first, afterLast).map((word) => word.text);
    const layout = breakLines(texts, rules.maxCharsPerLine, noBreakWords);
    const start = words[first]!.start;
    const lastEnd = words[afterLast - 1]!.end;
    const nextStart = afterLast < count ? words[afterLast]!.start : mediaEnd + rules.minGapMs;
    const latestEnd = Math.min(nextStart - rules.minGapMs, start + rules.maxDurationMs);
    const readableEnd = start + (chars * 1000) / rules.maxCharsPerSecond;
    const wantedEnd = Math.max(lastEnd, start + rules.minDurationMs, readableEnd);
    const cue: Cue = { start, end: Math.min(wantedEnd, latestEnd), lines: layout.lines };

    const violations = cueViolations(cue, rules, noBreakWords, afterLast === count);
    let cost = violations.length * VIOLATION_COST + layout.cost + CUE_COST;
    // Within a broken rule, the smaller the breach the better.
    const duration = cue.end - cue.start;
    if (duration > 0) cost += Math.max(0, (chars * 1000) / duration - rules.maxCharsPerSecond) * 10;
    cost += Math.max(0, rules.minDurationMs - duration) / 10;

    for (let index = first + 1; index < afterLast; index++) {
      const pause = words[index]!.start - words[index - 1]!.end;
      if (pause > INNER_PAUSE_FREE_MS) cost += ((pause - INNER_PAUSE_FREE_MS) / 100) * INNER_PAUSE_COST_PER_100_MS;
    }
    if (afterLast < count) {
      const lastText = texts[texts.length - 1]!;
      cost += SENTENCE_END.test(lastText)
        ? BOUNDARY_COST.sentence
        : CLAUSE_END.test(lastText)
          ? BOUNDARY_COST.clause
          : BOUNDARY_COST.phrase;
      const pause = words[afterLast]!.start - lastEnd;
      cost -= (PAUSE_BONUS * Math.min(Math.max(pause, 0), PAUSE_BONUS_FULL_MS)) / PAUSE_BONUS_FULL_MS;
    }
    return { cue, cost };
  }

  const best = new Float64Array(count + 1).fill(Number.POSITIVE_INFINITY);
  const choice: (Candidate & { first: number })[] = Array.from({ length: count + 1 });
  best[0] = 0;
  for (let first = 0; first < count; first++) {
    const before = best[first]!;
    let chars = -1;
    for (let afterLast = first + 1; afterLast <= count; afterLast++) {
      chars += lengths[afterLast - 1]! + 1;
      if (afterLast > first + 1 && chars > maxCueChars) break;
      const option = candidate(first, afterLast, chars);
      if (before + option.cost < best[afterLast]!) {
        best[afterLast] = before + option.cost;
        choice[afterLast] = { ...option, first };
      }
      // Longer cues from here only speak for longer.
      if (words[afterLast - 1]!.end - words[first]!.start > rules.maxDurationMs) break;
    }
  }

  const cues: Cue[] = [];
  for (let at = count; at > 0; at = choice[at]!.first) cues.push(choice[at]!.cue);
  cues.reverse();
  return keepApart(cues, rules.minGapMs);
}

/**
 * Words stamped at the same instant (some engines do) leave no legal time for a cue boundary
 * between them; then a cue is pushed after its predecessor so cues never overlap, and the
 * remaining breach shows up in checkReadingRules.
 */
function keepApart(cues: Cue[], minGapMs: number): Cue[] {
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const cue of cues) {
    cue.start = Math.max(cue.start, previousEnd + minGapMs);
    cue.end = Math.max(cue.end, cue.start + 1);
    previousEnd = cue.end;
  }
  return cues;
}
