import { describe, expect, it } from 'vitest';
import type { Cue as EngineCue, TranslatedCue } from '../../../../server/plugin-api';
import { checkReadingRules, readingRulesPassRate } from './reading-rules';
import { lendReadingTime } from './reading-time';
import { translateBySentence } from './translate-by-sentence';
import { fitTranslation } from './translation-fit';
import { translationUnits } from './translation-units';

/** Transcript cues as the segmenter leaves them: a sentence cut in the middle by a cue boundary. */
const transcript = [
  { start: 0, end: 2400, text: 'The doctor walked slowly along the bone' },
  { start: 2480, end: 4300, text: 'pier and told us about the weather.' },
  { start: 5200, end: 6700, text: 'Then we left.' },
];

/** An engine whose "translation" is 30 % longer, as Romance languages run against English. */
function longerEngine(sent: string[]) {
  return async (cues: EngineCue[]): Promise<TranslatedCue[]> => {
    sent.push(...cues.map((cue) => cue.text));
    return cues.map((cue) => ({
      id: cue.id,
      text: cue.text.replace(/\b(\w{4,})\b/g, (word) => `${word}${word.slice(0, 2)}`),
    }));
  };
}

describe('translationUnits', () => {
  it('sends whole sentences: a cue boundary inside a sentence joins the cues', () => {
    expect(translationUnits(transcript).map((unit) => unit.cues)).toEqual([[0, 1], [2]]);
    expect(translationUnits(transcript)[0]!.text).toBe(
      'The doctor walked slowly along the bone pier and told us about the weather.',
    );
  });

  it('without punctuation, a sentence-length pause ends a unit', () => {
    const raw = [
      { start: 0, end: 1000, text: 'so we went home' },
      { start: 1080, end: 2000, text: 'after the game' },
      { start: 3000, end: 4000, text: 'it was late' },
    ];
    expect(translationUnits(raw).map((unit) => unit.cues)).toEqual([[0, 1], [2]]);
  });

  it('cuts a run-on transcript into pieces no longer than the cap, at a clause end', () => {
    const runOn = Array.from({ length: 10 }, (_, index) => ({
      start: index * 2000,
      end: index * 2000 + 1900,
      text: index === 5 ? 'and so on,' : 'and so on',
    }));
    const units = translationUnits(runOn, { maxUnitCues: 8 });
    expect(units.map((unit) => unit.cues.length)).toEqual([6, 4]);
    expect(units.flatMap((unit) => unit.cues)).toEqual(runOn.map((_, index) => index));
  });
});

describe('fitTranslation', () => {
  it('lays a longer translation over the sentence time within the reading rules, keeping every word', () => {
    const spanish = 'El médico caminó despacio por el muelle y nos habló del tiempo que hacía.';
    const cues = fitTranslation(transcript.slice(0, 2), spanish, { language: 'es', latestEndMs: 5120 });
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).toBe(spanish);
    expect(readingRulesPassRate(checkReadingRules(cues, { language: 'es' }))).toBe(1);
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBeLessThanOrEqual(5120);
  });

  it('never splits a term-base target over two cues or lines', () => {
    const text =
      'Hablamos con el equipo comercial ayer por la tarde sobre el nuevo panel de control de ventas que lanzamos.';
    const cues = fitTranslation(transcript.slice(0, 2), text, {
      language: 'es',
      latestEndMs: 5120,
      keepTogether: ['equipo comercial', 'panel de control'],
    });
    const lines = cues.flatMap((cue) => cue.lines);
    expect(lines.some((line) => line.includes('equipo comercial'))).toBe(true);
    expect(lines.some((line) => line.includes('panel de control'))).toBe(true);
  });
});

describe('lendReadingTime', () => {
  it('gives a fast cue time from a slow neighbour, keeping the gap and the lender readable', () => {
    const cues = [
      { start: 0, end: 2000, lines: ['Sí.'] },
      { start: 2080, end: 4000, lines: ['Esta frase tiene muchas letras', 'para tan poco tiempo.'] },
      { start: 4080, end: 8000, lines: ['Bien.'] },
    ];
    const lent = lendReadingTime(cues);
    expect(checkReadingRules(cues)[1]!.violations.map((v) => v.rule)).toEqual(['max-chars-per-second']);
    expect(checkReadingRules(lent).every((report) => report.violations.length === 0)).toBe(true);
    expect(lent[1]!.start).toBeGreaterThanOrEqual(2080 - 400);
    expect(cues[1]!.start).toBe(2080); // the input is left alone
  });
});

describe('translateBySentence', () => {
  it('sends no fragment to the engine and returns every cue within the rules when time allows', async () => {
    const sent: string[] = [];
    const { cues, report } = await translateBySentence(transcript, {
      from: 'en',
      to: 'es',
      translate: longerEngine(sent),
      mediaEndMs: 8000,
    });
    expect(sent).toEqual([
      'The doctor walked slowly along the bone pier and told us about the weather.',
      'Then we left.',
    ]);
    expect(report).toMatchObject({ units: 2, flaggedCues: 0 });
    const reports = checkReadingRules(
      cues.map((cue) => ({ start: cue.start, end: cue.end, lines: cue.text.split('\n') })),
      { language: 'es' },
    );
    expect(reports.every((entry) => entry.violations.length === 0)).toBe(true);
    expect(cues.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ')).toContain('weatherwe');
  });

  it('reports the term-base terms found, honoured and fixed by the engine', async () => {
    const translate = async (cues: EngineCue[]): Promise<TranslatedCue[]> =>
      cues.map((cue) => ({
        id: cue.id,
        text: cue.text.replace('doctor', 'médico'),
        ...(cue.text.includes('doctor')
          ? { termsFixed: [{ source: 'doctor', target: 'médico', how: 'literal' as const }] }
          : {}),
      }));
    const { report } = await translateBySentence(transcript, {
      from: 'en',
      to: 'es',
      translate,
      glossary: [
        { source: 'doctor', target: 'médico' },
        { source: 'weather', target: 'clima' },
      ],
    });
    expect(report.terms).toEqual({ occurrences: 2, honoured: 1 });
    expect(report.termsFixed).toEqual([{ source: 'doctor', target: 'médico', count: 1 }]);
  });

  it('tells the engine how long each unit may read: its time up to the next unit at the reading speed', async () => {
    let asked: EngineCue[] = [];
    const translate = async (cues: EngineCue[]) => ((asked = cues), cues);
    await translateBySentence(transcript, {
      from: 'en',
      to: 'es',
      translate,
      mediaEndMs: 8000,
      rules: { maxCharsPerSecond: 17 },
    });
    // 0 -> 5120 ms (the next unit at 5200, less the 80 ms gap) and 5200 -> 8000 ms, at 17 characters a second.
    expect(asked.map((cue) => cue.maxChars)).toEqual([87, 47]);
  });

  it('an empty transcript asks the engine nothing', async () => {
    const sent: string[] = [];
    expect(await translateBySentence([], { from: 'en', to: 'es', translate: longerEngine(sent) })).toMatchObject({
      cues: [],
      report: { units: 0 },
    });
    expect(sent).toEqual([]);
  });

  it('keeps italics where the source sentence was all italic (a cue of its own: one to one), roman where it was mixed', async () => {
    const source = [
      { start: 0, end: 2000, text: 'Row, row, row your boat.', italic: true },
      { start: 3000, end: 5000, text: 'The doctor walked slowly', italic: true },
      { start: 5080, end: 7000, text: 'along the pier.' },
      { start: 8000, end: 10000, text: 'Then we left.' },
    ];
    const { cues } = await translateBySentence(source, {
      from: 'en',
      to: 'es',
      translate: longerEngine([]),
      mediaEndMs: 11000,
    });
    const italicAt = (ms: number) => cues.find((cue) => cue.start <= ms && ms < cue.end)?.italic;
    expect(italicAt(1000)).toBe(true);
    expect(italicAt(4000)).toBe(false);
    expect(italicAt(9000)).toBe(false);
    // Every cue says it, roman too: the rows it replaces never lend theirs by position.
    expect(cues.every((cue) => typeof cue.italic === 'boolean')).toBe(true);
  });
});
