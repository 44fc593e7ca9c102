import { CLAUSE_END, SENTENCE_END } from './line-breaking';

/** A transcript cue as the translation step reads it: times in ms, lines joined by spaces. */
export interface SourceCue {
  start: number;
  end: number;
  text: string;
}

/**
 * What goes to the translation engine as one piece: whole consecutive cues, from the start of a
 * sentence to the end of a sentence, so no sentence is translated in fragments.
 */
export interface TranslationUnit {
  /** Indexes of the transcript cues the unit covers, consecutive. */
  cues: number[];
  text: string;
}

export interface TranslationUnitOptions {
  /**
   * Without punctuation (raw speech recognition), a silence this long ends a sentence: speakers
   * pause between sentences far more than between the words of one.
   */
  sentencePauseMs?: number;
  /**
   * A unit this long is cut anyway (at its best clause end or longest pause): a run-on
   * transcript must not become one translation of minutes of speech, which no engine returns
   * whole and no cue distribution can follow.
   */
  maxUnitCues?: number;
}

const DEFAULTS: Required<TranslationUnitOptions> = { sentencePauseMs: 600, maxUnitCues: 8 };
/** Even with punctuation, a silence this long separates thoughts (a scene change, a new speaker). */
const LONG_SILENCE_MS = 2500;

const endsSentence = (text: string) => SENTENCE_END.test(text.trim());

/**
 * Groups transcript cues into translation units. A unit ends after a cue that ends a sentence;
 * in a transcript without sentence punctuation, after a cue followed by a sentence-length pause.
 */
export function translationUnits(cues: readonly SourceCue[], options: TranslationUnitOptions = {}): TranslationUnit[] {
  const { sentencePauseMs, maxUnitCues } = { ...DEFAULTS, ...options };
  const punctuated = cues.some((cue) => /[.?!…]/u.test(cue.text));
  const units: number[][] = [];
  let current: number[] = [];
  cues.forEach((cue, index) => {
    current.push(index);
    const next = cues[index + 1];
    const pause = next ? next.start - cue.end : Number.POSITIVE_INFINITY;
    const ends = punctuated ? endsSentence(cue.text) || pause >= LONG_SILENCE_MS : pause >= sentencePauseMs;
    if (ends || !next) {
      units.push(...capped(current, cues, maxUnitCues));
      current = [];
    }
  });
  return units.map((unit) => ({ cues: unit, text: unit.map((index) => cues[index]!.text.trim()).join(' ') }));
}

/** Splits an over-long run of cues at its most natural boundaries until every piece fits. */
function capped(run: number[], cues: readonly SourceCue[], maxUnitCues: number): number[][] {
  if (run.length <= maxUnitCues) return [run];
  let bestAt = 1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let at = 1; at < run.length; at++) {
    const before = cues[run[at - 1]!]!;
    const after = cues[run[at]!]!;
    // A clause end weighs like a second of pause; a cut near the middle keeps pieces even.
    const score =
      (CLAUSE_END.test(before.text.trim()) ? 1000 : 0) +
      (after.start - before.end) -
      Math.abs(at - run.length / 2) * 50;
    if (score > bestScore) {
      bestScore = score;
      bestAt = at;
    }
  }
  return [...capped(run.slice(0, bestAt), cues, maxUnitCues), ...capped(run.slice(bestAt), cues, maxUnitCues)];
}
