import {
  findOccurrences,
  findTerms,
  type Cue,
  type GlossaryEntry,
  type TranslatedCue,
  type TranslateOptions,
} from '../../../../server/plugin-api';
import { READING_RULES, type Cue as TimedCue, type ReadingRules } from './cue-types';
import { lendReadingTime } from './reading-time';
import { checkReadingRules } from './reading-rules';
import { fitTranslation } from './translation-fit';
import { translationUnits, type SourceCue } from './translation-units';

export interface TranslateBySentenceInput extends Omit<TranslateOptions, 'signal'> {
  /** Any translation engine: the units go to it as cues (one per unit), same ids back. */
  translate(units: Cue[], options: TranslateOptions): Promise<TranslatedCue[]>;
  /** The guideline's reading limits, over the house rules. */
  rules?: Partial<ReadingRules>;
  /** The last translated cue may be held up to the end of the media. */
  mediaEndMs?: number;
  signal?: AbortSignal;
}

/** What the run reports about a translation (stored as the step's output). */
export interface TranslationReport {
  /** Pieces sent to the engine: whole sentences (or runs of them), never a part of one. */
  units: number;
  /** Translated cues that still break a reading rule: the editor shows them. */
  flaggedCues: number;
  /** Term-base terms in the transcript, and how many come out as the term base says. */
  terms: { occurrences: number; honoured: number };
  /** Terms the engine got wrong and that were put right, by term, with how often. */
  termsFixed: { source: string; target: string; count: number }[];
}

export interface StoredCueText {
  start: number;
  end: number;
  text: string;
  /** The whole cue in italics (a song, a voice off screen). */
  italic?: boolean;
}

/**
 * Translates transcript cues sentence by sentence (never a fragment on its own), then lays each
 * sentence's translation back over the sentence's cues to the reading rules (translation-fit.ts).
 */
export async function translateBySentence(
  source: readonly StoredCueText[],
  input: TranslateBySentenceInput,
): Promise<{ cues: (StoredCueText & { italic: boolean })[]; report: TranslationReport }> {
  const rules = { ...READING_RULES, ...input.rules };
  const sources: SourceCue[] = source.map((cue) => ({
    start: cue.start,
    end: cue.end,
    text: cue.text.replace(/\s*\n\s*/g, ' ').trim(),
  }));
  const units = translationUnits(sources);
  const { translate, rules: _rules, mediaEndMs, ...options } = input;
  const maxCharsOf = (index: number) => {
    const unit = units[index]!;
    const next = units[index + 1];
    const end = next
      ? sources[next.cues[0]!]!.start - rules.minGapMs
      : (mediaEndMs ?? sources[unit.cues[unit.cues.length - 1]!]!.end);
    return Math.max(1, Math.floor(((end - sources[unit.cues[0]!]!.start) / 1000) * rules.maxCharsPerSecond));
  };
  const translated = units.length
    ? await translate(
        units.map((unit, index) => ({ id: String(index), text: unit.text, maxChars: maxCharsOf(index) })),
        options,
      )
    : [];
  const byId = new Map(translated.map((cue) => [cue.id, cue]));
  const glossary = input.glossary ?? [];

  const fittedCues: TimedCue[] = [];
  // Per fitted cue: whether its unit's cues were all in italics. The translation is laid out anew
  // over the unit, so italics survive only where the whole sentence was (a cue mapped one to one
  // is the smallest such unit); a unit mixing the two cannot tell which translated words were.
  const italics: boolean[] = [];
  const terms = { occurrences: 0, honoured: 0 };
  const fixed = new Map<string, { source: string; target: string; count: number }>();
  units.forEach((unit, index) => {
    const result = byId.get(String(index));
    const text = result?.text ?? '';
    const next = units[index + 1];
    const latestEndMs = next
      ? sources[next.cues[0]!]!.start - rules.minGapMs
      : (mediaEndMs ?? sources[unit.cues[unit.cues.length - 1]!]!.end);
    const fitted = fitTranslation(
      unit.cues.map((cueIndex) => sources[cueIndex]!),
      text,
      {
        language: input.to,
        rules,
        latestEndMs,
        earliestStartMs: fittedCues.length ? fittedCues[fittedCues.length - 1]!.end + rules.minGapMs : 0,
        keepTogether: glossary.map((entry) => entry.target),
      },
    );
    fittedCues.push(...fitted);
    const italic = unit.cues.every((cueIndex) => source[cueIndex]!.italic === true);
    italics.push(...fitted.map(() => italic));
    const counted = countTerms(unit.text, fitted.map((cue) => cue.lines.join(' ')).join(' '), glossary);
    terms.occurrences += counted.occurrences;
    terms.honoured += counted.honoured;
    for (const fix of result?.termsFixed ?? []) {
      const key = `${fix.source}\u0000${fix.target}`;
      const entry = fixed.get(key) ?? { source: fix.source, target: fix.target, count: 0 };
      entry.count += 1;
      fixed.set(key, entry);
    }
  });
  const timed = lendReadingTime(fittedCues, { rules, mediaEndMs });
  const flaggedCues = checkReadingRules(timed, { language: input.to, rules }).filter(
    (report) => report.violations.length > 0,
  ).length;
  // Italic said on every cue (false too): a replacement naming none would keep the old cues' by position.
  const cues = timed.map((cue, index) => ({
    start: Math.round(cue.start),
    end: Math.round(cue.end),
    text: cue.lines.join('\n'),
    italic: italics[index] ?? false,
  }));
  return { cues, report: { units: units.length, flaggedCues, terms, termsFixed: [...fixed.values()] } };
}

/** Source terms of a unit, and how many of them its translation holds as the term base says. */
export function countTerms(
  sourceText: string,
  translatedText: string,
  glossary: readonly GlossaryEntry[],
): { occurrences: number; honoured: number } {
  const needed = new Map<GlossaryEntry, number>();
  for (const match of findTerms(sourceText, glossary)) needed.set(match.entry, (needed.get(match.entry) ?? 0) + 1);
  let occurrences = 0;
  let honoured = 0;
  for (const [entry, count] of needed) {
    occurrences += count;
    honoured += Math.min(count, findOccurrences(translatedText, entry.target, entry.caseSensitive).length);
  }
  return { occurrences, honoured };
}
