import { charCount } from './cue-types';
import { isNoBreakWord } from './no-break-words';

/** How a cue's words were laid out in lines, with the cost of that layout for the segmenter. */
export interface LineLayout {
  lines: string[];
  /** 0 for one line; lower is better; each line over the limit costs OVERFLOW_COST per character. */
  cost: number;
  /** Characters beyond the line limit, summed over lines (0 when the layout is legal). */
  overflow: number;
}

const OVERFLOW_COST = 1000;
const NO_BREAK_COST = 1000;
const SENTENCE_BREAK_BONUS = -8;
const CLAUSE_BREAK_BONUS = -4;
/** Per character of difference: a top-heavy split costs more than a bottom-heavy one. */
const TOP_HEAVY_COST = 0.6;
const BOTTOM_HEAVY_COST = 0.25;

export const SENTENCE_END = /[.?!…]["”»')\]]*$/u;
export const CLAUSE_END = /[,;:—–]["”»')\]]*$/u;

/** Bonus (negative) or cost of breaking right after this word, shared by lines and cues. */
export function breakAfterCost(word: string, noBreakWords: ReadonlySet<string>): number {
  if (SENTENCE_END.test(word)) return SENTENCE_BREAK_BONUS;
  if (CLAUSE_END.test(word)) return CLAUSE_BREAK_BONUS;
  if (isNoBreakWord(word, noBreakWords)) return NO_BREAK_COST;
  return 0;
}

/**
 * Lays words out on one line when they fit, otherwise on two lines: both within the limit,
 * never after an article or preposition, preferably after punctuation, balanced with a
 * bottom-heavy pyramid preferred (a shorter top line is easier to take in at a glance).
 */
export function breakLines(
  words: readonly string[],
  maxCharsPerLine: number,
  noBreakWords: ReadonlySet<string>,
): LineLayout {
  const lengths = words.map(charCount);
  const total = lengths.reduce((sum, length) => sum + length, 0) + Math.max(0, words.length - 1);
  if (total <= maxCharsPerLine || words.length === 1) {
    const overflow = Math.max(0, total - maxCharsPerLine);
    return { lines: [words.join(' ')], cost: overflow * OVERFLOW_COST, overflow };
  }
  let best: { at: number; cost: number; overflow: number } | null = null;
  let top = -1;
  for (let at = 1; at < words.length; at++) {
    top += lengths[at - 1]! + 1;
    const bottom = total - top - 1;
    const overflow = Math.max(0, top - maxCharsPerLine) + Math.max(0, bottom - maxCharsPerLine);
    const difference = top - bottom;
    const balance = difference > 0 ? difference * TOP_HEAVY_COST : -difference * BOTTOM_HEAVY_COST;
    const cost = overflow * OVERFLOW_COST + breakAfterCost(words[at - 1]!, noBreakWords) + balance;
    if (!best || cost < best.cost) best = { at, cost, overflow };
  }
  const { at, cost, overflow } = best!;
  return { lines: [words.slice(0, at).join(' '), words.slice(at).join(' ')], cost: Math.max(0, cost), overflow };
}
