import { describe, expect, it } from 'vitest';
import type { Cue, TimedWord } from './cue-types';
import { checkReadingRules, readingRulesPassRate } from './reading-rules';
import { segmentWords } from './segmentation';
import { syntheticTranscript } from './synthetic-transcript';

/** Words spoken back to back, `msPerChar` per letter, with `gapMs` between them. */
function timed(text: string, { startMs = 0, msPerChar = 60, gapMs = 30 } = {}): TimedWord[] {
  let clock = startMs;
  return text.split(/\s+/).map((word) => {
    const start = clock;
    clock += word.length * msPerChar;
    const end = clock;
    clock += gapMs;
    return { text: word, start, end };
  });
}

const textOf = (cues: Cue[]) => cues.flatMap((cue) => cue.lines).join(' ');
const violationsOf = (cues: Cue[], language = 'en') =>
  checkReadingRules(cues, { language }).flatMap((report) => report.violations.map((v) => v.rule));

function expectSoundTiming(cues: Cue[], words: TimedWord[]) {
  for (const [index, cue] of cues.entries()) {
    expect(cue.end).toBeGreaterThan(cue.start);
    if (index > 0) expect(cue.start - cues[index - 1]!.end).toBeGreaterThanOrEqual(80);
  }
  expect(textOf(cues)).toBe(
    words
      .map((word) => word.text.trim())
      .filter(Boolean)
      .join(' '),
  );
}

describe('segmentWords on generated speech', () => {
  it.each([
    ['slow', 1, 100, 130],
    ['conversational', 2, 130, 170],
    ['brisk', 3, 170, 200],
  ])('keeps every cue within the reading rules for %s speech', (_name, seed, min, max) => {
    const words = syntheticTranscript({
      seed,
      durationMs: 600_000,
      rates: [{ weight: 1, minWordsPerMinute: min, maxWordsPerMinute: max }],
    });
    const cues = segmentWords(words);
    expectSoundTiming(cues, words);
    expect(violationsOf(cues)).toEqual([]);
    for (const cue of cues) {
      const firstWord = cue.lines[0]!.split(' ')[0];
      // A cue starts with its first word: some word with that text starts exactly then.
      expect(words.some((word) => word.start === cue.start && word.text === firstWord)).toBe(true);
    }
  });

  it('passes 99 % of cues on mixed speeds and breaks the fewest rules on very fast speech', () => {
    const mixed = segmentWords(syntheticTranscript({ seed: 7, durationMs: 900_000 }));
    expect(readingRulesPassRate(checkReadingRules(mixed))).toBeGreaterThanOrEqual(0.99);
    const fastWords = syntheticTranscript({
      seed: 8,
      durationMs: 300_000,
      rates: [{ weight: 1, minWordsPerMinute: 230, maxWordsPerMinute: 260 }],
    });
    const fast = segmentWords(fastWords);
    expectSoundTiming(fast, fastWords);
    const reports = checkReadingRules(fast);
    expect(reports.every((report) => report.violations.length <= 1)).toBe(true);
    expect(readingRulesPassRate(reports)).toBeGreaterThan(0.8);
  });
});

describe('segmentWords craft', () => {
  it('ends cues after sentences when sentences end where a cue can end', () => {
    const words = timed(
      'We left the house before dawn and walked to the station. The train was late again, so we waited in the cold for an hour.',
    );
    const cues = segmentWords(words);
    expect(cues.some((cue) => cue.lines[cue.lines.length - 1]!.endsWith('station.'))).toBe(true);
    expect(violationsOf(cues)).toEqual([]);
  });

  it('never leaves an article or preposition at the end of a line or cue', () => {
    const words = timed(
      'She put the keys of the old blue car on the table in the kitchen and then she went up to the bedroom to sleep for a while',
    );
    const cues = segmentWords(words);
    const function_words = new Set(['the', 'of', 'on', 'in', 'and', 'to', 'for', 'a']);
    const ends = cues
      .flatMap((cue) => cue.lines)
      .slice(0, -1)
      .map((line) => line.split(' ').pop()!);
    expect(ends.filter((word) => function_words.has(word))).toEqual([]);
    expect(violationsOf(cues)).toEqual([]);
  });

  it('applies the Spanish list to Spanish words', () => {
    const words = timed(
      'Pusimos las llaves del coche azul encima de la mesa de la cocina y después subimos a la habitación para dormir un rato',
    );
    const cues = segmentWords(words, { language: 'es' });
    const ends = cues
      .flatMap((cue) => cue.lines)
      .slice(0, -1)
      .map((line) => line.split(' ').pop()!);
    expect(ends.filter((word) => ['las', 'del', 'de', 'la', 'y', 'a', 'para', 'un'].includes(word))).toEqual([]);
    expect(violationsOf(cues, 'es')).toEqual([]);
  });

  it('balances two lines with the bottom line the longer', () => {
    const words = timed('Nobody in this village remembers a winter as long and as hard as that one', { msPerChar: 70 });
    const cues = segmentWords(words);
    const twoLiners = cues.filter((cue) => cue.lines.length === 2);
    expect(twoLiners.length).toBeGreaterThan(0);
    for (const [top, bottom] of twoLiners.map((cue) => cue.lines)) {
      expect(top!.length).toBeLessThanOrEqual(bottom!.length + 4);
      expect(bottom!.length - top!.length).toBeLessThan(20);
    }
  });

  it('holds a quick cue on screen into the following silence, stopping short of the next cue', () => {
    const words: TimedWord[] = [
      { text: 'Absolutely', start: 1000, end: 1300 },
      { text: 'not!', start: 1320, end: 1500 },
      { text: 'Then', start: 5000, end: 5200 },
      { text: 'who', start: 5220, end: 5400 },
      { text: 'did?', start: 5420, end: 5700 },
    ];
    const cues = segmentWords(words);
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['Absolutely not!', 'Then who did?']);
    expect(cues[0]!.start).toBe(1000);
    expect(cues[0]!.end).toBeGreaterThanOrEqual(1833);
    expect(cues[0]!.end).toBeLessThanOrEqual(5000 - 80);
    expect(violationsOf(cues)).toEqual([]);
  });

  it('extends a fast line for reading speed but only up to the gap before the next words', () => {
    // 80 characters spoken in 2 s, then the next speaker 1.5 s later: needs 4 s on screen.
    const first = timed('This is far too much text for anyone to read in the two seconds it is spoken in.', {
      startMs: 0,
      msPerChar: 28,
      gapMs: 0,
    });
    const last = first[first.length - 1]!;
    const second = timed('Really?', { startMs: last.end + 1500 });
    const cues = segmentWords([...first, ...second]);
    const holding = cues.find((cue) => cue.lines[cue.lines.length - 1]!.endsWith('in.'))!;
    expect(holding.end).toBeGreaterThan(last.end + 500);
    expect(cues[cues.length - 1]!.start - cues[cues.length - 2]!.end).toBeGreaterThanOrEqual(80);
    expectSoundTiming(cues, [...first, ...second]);
  });

  it('reports only the rule it cannot keep when speech is too fast to read', () => {
    const words = timed(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen',
      { msPerChar: 15, gapMs: 0 },
    );
    const cues = segmentWords([...words, ...timed('Next.', { startMs: words[words.length - 1]!.end + 40 })]);
    const rules = violationsOf(cues);
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.length).toBeLessThan(cues.length);
    expect(new Set(rules)).toEqual(new Set(['max-chars-per-second']));
  });
});

describe('segmentWords on pathological input', () => {
  it('puts one very long word alone and reports its line length', () => {
    const words = timed('See https://example.com/a/very/long/path/that/never/ends/anywhere/at/all here');
    const cues = segmentWords(words);
    expectSoundTiming(cues, words);
    const long = cues.find((cue) => cue.lines.join(' ').includes('https://'))!;
    expect(long.lines).toContain('https://example.com/a/very/long/path/that/never/ends/anywhere/at/all');
    expect(violationsOf(cues)).toEqual(['max-chars-per-line']);
  });

  it('cuts 200 words without punctuation into legal cues', () => {
    const words = syntheticTranscript({
      seed: 11,
      durationMs: 120_000,
      punctuation: false,
      pauses: false,
      rates: [{ weight: 1, minWordsPerMinute: 140, maxWordsPerMinute: 160 }],
    }).slice(0, 200);
    expect(words).toHaveLength(200);
    const cues = segmentWords(words);
    expectSoundTiming(cues, words);
    expect(violationsOf(cues)).toEqual([]);
  });

  it('copes with zero-length words and words stamped at one instant', () => {
    const words: TimedWord[] = [
      ...timed('Hello there my friend.', { msPerChar: 0, gapMs: 250 }),
      { text: 'Same', start: 3000, end: 3000 },
      { text: 'instant', start: 3000, end: 3000 },
      { text: 'words.', start: 3000, end: 3000 },
      { text: '  ', start: 3100, end: 3200 },
    ];
    const cues = segmentWords(words);
    expectSoundTiming(cues, words);
    expect(violationsOf(cues)).toEqual([]);
  });

  it('never overlaps cues when the engine overlaps or disorders words', () => {
    const words = timed(
      'The engine reported these words with timings that overlap each other quite badly. Then it went on with a second sentence that is long enough to need another cue of its own.',
      { msPerChar: 70 },
    );
    const shuffled = words.map((word) => ({ ...word, end: word.end + 400 })).reverse();
    const cues = segmentWords(shuffled);
    expectSoundTiming(cues, words);
    expect(violationsOf(cues).filter((rule) => rule === 'overlap' || rule === 'min-gap' || rule === 'timing')).toEqual(
      [],
    );
  });

  it('returns no cues for no words', () => {
    expect(segmentWords([])).toEqual([]);
    expect(segmentWords([{ text: ' ', start: 0, end: 10 }])).toEqual([]);
  });
});
