import { charCount, READING_RULES, type Cue, type ReadingRules, type TimedWord } from './cue-types';
import { segmentWords } from './segmentation';
import { breakAfterCost, breakLines } from './line-breaking';
import { noBreakWordsFor } from './no-break-words';
import { checkReadingRules, cueViolations } from './reading-rules';
import type { SourceCue } from './translation-units';

export interface FitOptions {
  /** The subtitle language: its articles and prepositions never end a line or a cue. */
  language: string;
  rules?: Partial<ReadingRules>;
  /** The latest a cue covering the unit's last transcript cue may end (next unit's start minus the gap, or the media end). */
  latestEndMs?: number;
  /** The earliest the unit's first cue may start (the previous cue's end plus the gap); no lead-in when absent. */
  earliestStartMs?: number;
  /** Phrases never split over two cues or lines (term base targets): "panel de control" stays whole. */
  keepTogether?: readonly string[];
}

interface FittedCue extends Cue {
  /** Indexes (in the unit) of the transcript cues this translated cue covers: more than one when merged. */
  covers: number[];
}

const VIOLATION_COST = 1000;
/** Merging transcript cues loses a little sync with the speech: worth it only to avoid a breach. */
const MERGE_COST = 12;
/** Per unit of fraction between where the words fall and where the speech falls (0.1 off costs 6). */
const DRIFT_COST = 60;
/** How far a cue may come in before the speech it translates, when the translation needs the time. */
const MAX_LEAD_IN_MS = 400;
/** A cue boundary without punctuation costs a little more than one after a clause. */
const PHRASE_BREAK_COST = 4;

/**
 * First way: the translation laid over the transcript cues themselves, so translated cues keep
 * the transcript's timing (side by side in the editor they line up). Words are shared out in order so each cue's share follows its share of the unit's speech
 * (half by its transcript characters — what was said in it — half by its time on screen);
 * every way of cutting is weighed (dynamic programming), so a reading rule is broken only when
 * no cutting avoids it. A cue may run into the free time after it (never closer than the minimum
 * gap to the next), and neighbouring cues are merged when the translation is too long to read
 * in their separate times.
 */
function fitOverTranscriptCues(sources: readonly SourceCue[], translated: string, options: FitOptions): FittedCue[] {
  const rules: ReadingRules = { ...READING_RULES, ...options.rules };
  const noBreakWords = noBreakWordsFor(options.language);
  const words = tokens(translated, options.keepTogether ?? []);
  const cueCount = sources.length;
  if (cueCount === 0) return [];
  if (words.length === 0)
    return sources.map((source, index) => ({ start: source.start, end: source.end, lines: [''], covers: [index] }));

  const lengths = words.map(charCount);
  const wordEnd = prefixSums(lengths.map((length) => length + 1));
  const totalChars = wordEnd[words.length]!;
  const weights = sources.map(
    (source) =>
      0.5 * (charCount(source.text) / Math.max(1, charCount(sources.map((s) => s.text).join('')))) +
      0.5 * ((source.end - source.start) / Math.max(1, sources[cueCount - 1]!.end - sources[0]!.start)),
  );
  const speechAt = prefixSums(weights).map((sum, _, all) => sum / all[all.length - 1]!);
  const maxCueChars = rules.maxCharsPerLine * rules.maxLines;

  function candidate(
    firstCue: number,
    afterCue: number,
    firstWord: number,
    afterWord: number,
  ): { cue: FittedCue; cost: number } {
    const texts = words.slice(firstWord, afterWord);
    const layout = breakLines(texts, rules.maxCharsPerLine, noBreakWords);
    const chars = wordEnd[afterWord]! - wordEnd[firstWord]! - 1;
    const start = sources[firstCue]!.start;
    const spokenEnd = sources[afterCue - 1]!.end;
    const latestEnd = Math.min(
      afterCue < cueCount ? sources[afterCue]!.start - rules.minGapMs : (options.latestEndMs ?? spokenEnd),
      start + rules.maxDurationMs,
    );
    const wantedEnd = Math.max(
      spokenEnd,
      start + rules.minDurationMs,
      start + (chars * 1000) / rules.maxCharsPerSecond,
    );
    const end = Math.max(spokenEnd, Math.min(wantedEnd, latestEnd));
    const cue: FittedCue = { start, end, lines: layout.lines, covers: range(firstCue, afterCue) };
    const isLast = afterWord === words.length;
    let cost = cueViolations(cue, rules, noBreakWords, isLast).length * VIOLATION_COST + layout.cost;
    const duration = end - start;
    if (duration > 0) cost += Math.max(0, (chars * 1000) / duration - rules.maxCharsPerSecond) * 10;
    cost += (afterCue - firstCue - 1) * MERGE_COST;
    if (!isLast) {
      const lastWord = texts[texts.length - 1]!;
      cost += Math.max(PHRASE_BREAK_COST + breakAfterCost(lastWord, noBreakWords), 0);
      cost += Math.abs(wordEnd[afterWord]! / totalChars - speechAt[afterCue]!) * DRIFT_COST;
    }
    return { cue, cost };
  }

  // best[c][w]: cheapest way to lay words [0, w) over transcript cues [0, c).
  const best = Array.from({ length: cueCount + 1 }, () =>
    new Float64Array(words.length + 1).fill(Number.POSITIVE_INFINITY),
  );
  const choice = Array.from({ length: cueCount + 1 }, () =>
    Array.from<{ from: [number, number]; cue: FittedCue } | undefined>({ length: words.length + 1 }),
  );
  best[0]![0] = 0;
  for (let firstCue = 0; firstCue < cueCount; firstCue++) {
    for (let firstWord = 0; firstWord < words.length; firstWord++) {
      const before = best[firstCue]![firstWord]!;
      if (before === Number.POSITIVE_INFINITY) continue;
      for (let afterCue = firstCue + 1; afterCue <= cueCount; afterCue++) {
        for (let afterWord = firstWord + 1; afterWord <= words.length; afterWord++) {
          // The last cue takes every remaining word; the others leave at least one word a cue.
          if ((afterCue === cueCount) !== (afterWord === words.length)) {
            if (afterCue === cueCount) continue;
            break;
          }
          const option = candidate(firstCue, afterCue, firstWord, afterWord);
          if (before + option.cost < best[afterCue]![afterWord]!) {
            best[afterCue]![afterWord] = before + option.cost;
            choice[afterCue]![afterWord] = { from: [firstCue, firstWord], cue: option.cue };
          }
          if (afterWord > firstWord + 1 && wordEnd[afterWord]! - wordEnd[firstWord]! - 1 > maxCueChars) break;
        }
        if (sources[afterCue - 1]!.end - sources[firstCue]!.start > rules.maxDurationMs) break;
      }
    }
  }

  const cues: FittedCue[] = [];
  for (let at: [number, number] = [cueCount, words.length]; at[0] > 0;) {
    const step = choice[at[0]]![at[1]];
    if (!step) break;
    cues.push(step.cue);
    at = step.from;
  }
  if (cues.length === 0) return [oneCue(sources, words, rules, noBreakWords, options)];
  return cues.reverse();
}

/**
 * When no cutting reaches the end (more words than the unit's cues can hold at any cost the
 * search tries), everything goes in one cue over the unit: its breach is shown, nothing is lost.
 */
function oneCue(
  sources: readonly SourceCue[],
  words: string[],
  rules: ReadingRules,
  noBreakWords: ReadonlySet<string>,
  options: FitOptions,
): FittedCue {
  const start = sources[0]!.start;
  const end = Math.max(
    sources[sources.length - 1]!.end,
    Math.min(options.latestEndMs ?? 0, start + rules.maxDurationMs),
  );
  return {
    start,
    end,
    lines: breakLines(words, rules.maxCharsPerLine, noBreakWords).lines,
    covers: range(0, sources.length),
  };
}

/** Words of the translation; a space inside a keep-together phrase does not separate words. */
function tokens(text: string, keepTogether: readonly string[]): string[] {
  const glue = '\u0000';
  let glued = text.trim().replace(/\s+/g, ' ');
  for (const phrase of [...keepTogether].sort((a, b) => b.length - a.length)) {
    const trimmed = phrase.trim();
    if (!trimmed.includes(' ')) continue;
    const pattern = new RegExp(trimmed.split(/\s+/).map(escapeRegExp).join('\\s+'), 'giu');
    glued = glued.replace(pattern, (found) => found.replace(/\s+/g, glue));
  }
  return glued
    .split(' ')
    .filter(Boolean)
    .map((word) => word.replaceAll(glue, ' '));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

function prefixSums(values: readonly number[]): number[] {
  const sums = [0];
  for (const value of values) sums.push(sums[sums.length - 1]! + value);
  return sums;
}

/**
 * The translation's words timed along the unit's speech: a word a fraction f into the translation
 * is placed where a fraction f of the transcript's characters has been spoken (cue by cue,
 * linearly inside a cue), so a cue's share of the translation follows its share of the speech.
 */
export function timeTranslatedWords(sources: readonly SourceCue[], words: readonly string[]): TimedWord[] {
  const sourceChars = sources.map((source) => Math.max(1, charCount(source.text)));
  const sourceAt = prefixSums(sourceChars);
  const totalSource = sourceAt[sourceAt.length - 1]!;
  const wordAt = prefixSums(words.map((word) => charCount(word) + 1));
  const total = Math.max(1, wordAt[wordAt.length - 1]! - 1);
  const timeAt = (fraction: number) => {
    const position = Math.min(1, Math.max(0, fraction)) * totalSource;
    let cue = 0;
    while (cue < sources.length - 1 && sourceAt[cue + 1]! <= position) cue++;
    const within = (position - sourceAt[cue]!) / sourceChars[cue]!;
    return sources[cue]!.start + within * (sources[cue]!.end - sources[cue]!.start);
  };
  return words.map((text, index) => ({
    text,
    start: timeAt(wordAt[index]! / total),
    end: timeAt((wordAt[index + 1]! - 1) / total),
  }));
}

/**
 * Second way: the translation cut afresh along the unit's speech. Its words are timed where the
 * transcript says the same share of the unit (timeTranslatedWords) and cut by the transcript's
 * own segmenter, free to place cue boundaries anywhere; when the translation needs more time than
 * the speech took, the unit's last word runs on into the silence before the next unit.
 */
function fitAlongSpeech(sources: readonly SourceCue[], translated: string, options: FitOptions): Cue[] {
  const words = tokens(translated, options.keepTogether ?? []);
  if (sources.length === 0) return [];
  if (words.length === 0) return sources.map((source) => ({ start: source.start, end: source.end, lines: [''] }));
  const rules: ReadingRules = { ...READING_RULES, ...options.rules };
  const first = sources[0]!;
  const last = sources[sources.length - 1]!;
  const neededMs = (charCount(words.join(' ')) * 1000) / rules.maxCharsPerSecond;
  const endMs = Math.max(last.end, Math.min(options.latestEndMs ?? last.end, first.start + neededMs));
  // Still short of time: the first cue may come in a moment before the speech (never over the
  // previous cue), as subtitlers do for a dense line.
  const shortMs = neededMs - (endMs - first.start);
  const startMs =
    shortMs > 0
      ? Math.min(
          first.start,
          Math.max(options.earliestStartMs ?? first.start, first.start - Math.min(shortMs, MAX_LEAD_IN_MS)),
        )
      : first.start;
  const stretched = sources.map((source, index) => ({
    ...source,
    start: index === 0 ? startMs : source.start,
    end: index === sources.length - 1 ? endMs : source.end,
  }));
  return segmentWords(timeTranslatedWords(stretched, words), {
    language: options.language,
    rules: options.rules,
    mediaEndMs: options.latestEndMs,
  });
}

/**
 * Lays one translated unit (a whole sentence or more) back over the time of the transcript cues
 * it came from, to the reading rules of the subtitle language. Both ways are tried and the one
 * with fewer cues breaking a rule wins (then the smaller excess of reading speed); on a tie, the
 * transcript's timing. What still breaks a rule is left for the editor to show.
 */
export function fitTranslation(sources: readonly SourceCue[], translated: string, options: FitOptions): Cue[] {
  const rules: ReadingRules = { ...READING_RULES, ...options.rules };
  const breaches = (cues: readonly Cue[]) => {
    const reports = checkReadingRules(cues, { language: options.language, rules });
    const excess = reports
      .flatMap((report) => report.violations)
      .reduce(
        (sum, violation) => sum + (violation.rule === 'max-chars-per-second' ? violation.actual - violation.limit : 1),
        0,
      );
    return reports.filter((report) => report.violations.length > 0).length * 1000 + excess;
  };
  const overCues = fitOverTranscriptCues(sources, translated, options).map(({ start, end, lines }) => ({
    start,
    end,
    lines,
  }));
  const alongSpeech = fitAlongSpeech(sources, translated, options);
  return breaches(alongSpeech) < breaches(overCues) ? alongSpeech : overCues;
}
