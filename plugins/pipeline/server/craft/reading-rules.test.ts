import { describe, expect, it } from 'vitest';
import type { Cue } from './cue-types';
import { breakLines } from './line-breaking';
import { noBreakWordsFor } from './no-break-words';
import { checkReadingRules, readingRulesPassRate } from './reading-rules';

const rulesOf = (cues: Cue[], language?: string) =>
  checkReadingRules(cues, { language }).map((report) => report.violations.map((v) => v.rule));

describe('checkReadingRules', () => {
  it('passes cues that follow every rule', () => {
    const cues: Cue[] = [
      { start: 0, end: 2000, lines: ['Good morning.'] },
      { start: 2080, end: 6000, lines: ['We start with the news', 'from the north of the country.'] },
    ];
    expect(rulesOf(cues)).toEqual([[], []]);
    expect(readingRulesPassRate(checkReadingRules(cues))).toBe(1);
  });

  it('names each broken rule on the cue that breaks it', () => {
    const cues: Cue[] = [
      { start: 0, end: 500, lines: ['Too short.'] },
      { start: 540, end: 9000, lines: ['Shown for far too long.'] },
      { start: 9080, end: 12000, lines: ['This line is much longer than forty-two characters.'] },
      { start: 12080, end: 13000, lines: ['Far too many characters', 'to read in under a second.'] },
      { start: 12900, end: 15000, lines: ['One', 'two', 'three'] },
      { start: 15100, end: 15000, lines: ['Backwards'] },
      { start: 16000, end: 18000, lines: ['I went to the', 'shop.'] },
      { start: 18100, end: 20000, lines: [''] },
    ];
    expect(rulesOf(cues)).toEqual([
      ['min-duration', 'min-gap'],
      ['max-duration'],
      ['max-chars-per-line'],
      ['max-chars-per-second', 'overlap'],
      ['max-lines'],
      ['timing'],
      ['break-after-function-word'],
      ['empty'],
    ]);
  });

  it('counts characters per second with spaces but without the line break', () => {
    // 20 + 20 characters over exactly 2 s is 20 cps: allowed; 1 ms less is not.
    const lines = ['abcd efgh ijkl mnopq', 'abcd efgh ijkl mnopq'];
    expect(rulesOf([{ start: 0, end: 2000, lines }])).toEqual([[]]);
    expect(rulesOf([{ start: 0, end: 1999, lines }])).toEqual([['max-chars-per-second']]);
  });

  it('checks the break of a cue that runs on into the next one, per language', () => {
    const cues: Cue[] = [
      { start: 0, end: 2000, lines: ['Dejé las llaves en la'] },
      { start: 2100, end: 4000, lines: ['mesa de la cocina.'] },
    ];
    expect(rulesOf(cues, 'es')).toEqual([['break-after-function-word'], []]);
    // "la" is no English function word; an unknown language has no list at all.
    expect(rulesOf(cues, 'en')).toEqual([[], []]);
    expect(rulesOf(cues, 'ja')).toEqual([[], []]);
  });
});

describe('breakLines', () => {
  const english = noBreakWordsFor('en');

  it('keeps text that fits on one line', () => {
    expect(breakLines(['Short', 'and', 'sweet.'], 42, english).lines).toEqual(['Short and sweet.']);
  });

  it('breaks after a comma rather than mid-phrase when both lines fit', () => {
    const words = 'When the rain finally stopped, we walked down to the harbour again.'.split(' ');
    expect(breakLines(words, 42, english).lines).toEqual([
      'When the rain finally stopped,',
      'we walked down to the harbour again.',
    ]);
  });

  it('moves an article down to its noun', () => {
    const words = 'They spent most of the afternoon looking for the keys under every cushion'.split(' ');
    const { lines } = breakLines(words, 42, english);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(' ').pop()).not.toMatch(/^(the|of|for|under|every)$/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(42);
  });

  it('applies each language list', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'ca', 'pt'])
      expect(noBreakWordsFor(language).size).toBeGreaterThan(20);
    expect(noBreakWordsFor('fr-CA').has('les')).toBe(true);
    expect(noBreakWordsFor('de').has('der')).toBe(true);
    expect(noBreakWordsFor('pt_BR').has('da')).toBe(true);
    expect(noBreakWordsFor('ca').has('amb')).toBe(true);
  });
});
