import {
  casedTarget,
  findOccurrences,
  findTerms,
  occurrencesOverlap,
  type GlossaryEntry,
  type TermOccurrence,
} from './term-matching';

export type { GlossaryEntry } from './term-matching';

/** A placeholder the engines leave alone: apertium passes unknown words through untouched. */
export const defaultPlaceholder = (index: number) => `ZZTERM${index}ZZ`;
/** Apertium marks unknown words with * (or # / @) unless run with -u; the mark goes with the token. */
const PLACEHOLDER_IN_OUTPUT = /[*#@]?ZZTERM(\d+)ZZ/gi;

export interface ProtectedSource {
  /** The source text with each glossary term replaced by a placeholder: send this to the engine. */
  text: string;
  terms: { placeholder: string; entry: GlossaryEntry; sourceText: string }[];
}

/** Step (a): hides glossary terms from the engine behind placeholders, longest match first. */
export function protectTerms(source: string, entries: readonly GlossaryEntry[]): ProtectedSource {
  const terms: ProtectedSource['terms'] = [];
  let text = '';
  let copied = 0;
  for (const match of findTerms(source, entries)) {
    const placeholder = defaultPlaceholder(terms.length + 1);
    terms.push({ placeholder, entry: match.entry, sourceText: match.text });
    text += source.slice(copied, match.start) + placeholder;
    copied = match.end;
  }
  return { text: text + source.slice(copied), terms };
}

/** Puts each glossary target where the engine left its placeholder, capitalised at a sentence start. */
export function restoreTerms(translated: string, protectedSource: ProtectedSource): string {
  let result = '';
  let copied = 0;
  for (const match of translated.matchAll(PLACEHOLDER_IN_OUTPUT)) {
    const term = protectedSource.terms[Number(match[1]) - 1];
    if (!term) continue;
    result += translated.slice(copied, match.index);
    result += casedTarget(term.entry, result, result.length);
    copied = match.index + match[0].length;
  }
  return result + translated.slice(copied);
}

export type TermRepair = 'present' | 'untranslated' | 'literal' | 'appended';

export interface TermBaseReport {
  entry: GlossaryEntry;
  /** Occurrences in the source; the output then holds at least as many target terms. */
  occurrences: number;
  repairs: TermRepair[];
}

export interface EnforceTermBaseInput {
  source: string;
  /** The engine's output, after restoreTerms when the engine was given protected text. */
  target: string;
  entries: readonly GlossaryEntry[];
  /** What the engine makes of each source term on its own (see literalTranslationsOf), by source term. */
  literalTranslations?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Step (b): whatever the engine did, every glossary term found in the source comes out as its
 * target term. A term the engine left untranslated, or translated literally (as it translates
 * the term on its own), is replaced in place, as many times as the source has the term; when the
 * target term is then nowhere in the output, it is added once before the closing punctuation.
 */
export function enforceTermBase(input: EnforceTermBaseInput): { text: string; report: TermBaseReport[] } {
  const sourceMatches = findTerms(input.source, input.entries);
  const needed = new Map<GlossaryEntry, number>();
  for (const match of sourceMatches) needed.set(match.entry, (needed.get(match.entry) ?? 0) + 1);
  const ordered = [...needed.keys()].sort((a, b) => b.source.length - a.source.length);
  const targetsIn = (text: string) =>
    ordered.flatMap((entry) => findOccurrences(text, entry.target, entry.caseSensitive));

  let text = input.target;
  const report: TermBaseReport[] = [];
  for (const entry of ordered) {
    const occurrences = needed.get(entry)!;
    const repairs: TermRepair[] = [];
    // Renderings that are not the target term: the source left as is, then the engine's literal
    // translations, longest first. They are replaced even when they contain the target term
    // ("ordenador portátil" for "portátil"), up to the number of occurrences in the source.
    const wrongRenderings: [TermRepair, string][] = [
      ...(entry.source.toLowerCase() === entry.target.toLowerCase()
        ? []
        : [['untranslated', entry.source] as [TermRepair, string]]),
      ...(input.literalTranslations?.get(entry.source) ?? [])
        .filter((literal) => literal.trim() !== '' && literal.toLowerCase() !== entry.target.toLowerCase())
        .sort((a, b) => b.length - a.length)
        .map((literal): [TermRepair, string] => ['literal', literal]),
    ];
    for (const [how, wrong] of wrongRenderings) {
      if (repairs.length >= occurrences) break;
      const taken = targetsIn(text).filter(
        (target) => target.text.length > wrong.length || !entryTargets(entry, target),
      );
      const candidates = findOccurrences(text, wrong, false)
        .filter((candidate) => !taken.some((target) => occurrencesOverlap(target, candidate)))
        .slice(0, occurrences - repairs.length);
      text = replaceOccurrences(text, candidates, entry);
      for (const _ of candidates) repairs.push(how);
    }
    const present = findOccurrences(text, entry.target, entry.caseSensitive).length;
    while (repairs.length < Math.min(present, occurrences)) repairs.push('present');
    if (present === 0) {
      // Placed nowhere: added once, so the viewer at least reads the agreed term.
      text = appendTerm(text, entry);
      repairs.push('appended');
    }
    report.push({ entry, occurrences, repairs });
  }
  return { text, report };
}

/** Whether an occurrence found among all targets is this entry's own target term. */
function entryTargets(entry: GlossaryEntry, occurrence: TermOccurrence): boolean {
  return occurrence.text.toLowerCase() === entry.target.toLowerCase();
}

function replaceOccurrences(text: string, occurrences: TermOccurrence[], entry: GlossaryEntry): string {
  let result = text;
  for (const occurrence of [...occurrences].sort((a, b) => b.start - a.start)) {
    result =
      result.slice(0, occurrence.start) + casedTarget(entry, result, occurrence.start) + result.slice(occurrence.end);
  }
  return result;
}

/** "Text." -> "Text (target)." so the closing punctuation stays last. */
function appendTerm(text: string, entry: GlossaryEntry): string {
  const match = /^(.*?)(\s*[.?!…:;,"”»)]*\s*)$/su.exec(text)!;
  const body = match[1]!;
  if (body === '') return entry.target + match[2];
  return `${body} (${entry.target})${match[2]}`;
}

/**
 * Asks the engine for its translation of each source term alone: that is the literal rendering
 * to look for in the output when the engine was not given (or lost) the placeholders.
 */
export async function literalTranslationsOf(
  entries: readonly GlossaryEntry[],
  translate: (text: string) => Promise<string>,
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const entry of entries) {
    const literal = (await translate(entry.source))
      .trim()
      .replace(/[.?!]+$/u, '')
      .replace(/^[*#@]/u, '');
    const variants = [literal, literal.replace(/^(the|el|la|los|las|le|les|l'|o|a|os|as|der|die|das|els)\s+/iu, '')];
    result.set(entry.source, [
      ...new Set(variants.filter((variant) => variant !== '' && variant.toLowerCase() !== entry.target.toLowerCase())),
    ]);
  }
  return result;
}
