import type { GlossaryEntry } from '../engine-interfaces';

export type { GlossaryEntry };

export interface TermOccurrence {
  start: number;
  end: number;
  text: string;
}

const LETTER_BEFORE = '(?<![\\p{L}\\p{N}_])';
const LETTER_AFTER = '(?![\\p{L}\\p{N}_])';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A whole-word pattern for a term: "ice cream" matches "ice  cream" across any whitespace but
 * never "nice cream" or "ice creamy"; apostrophes count as boundaries so French "l'ordinateur"
 * holds the term "ordinateur".
 */
export function termPattern(term: string, caseSensitive = false): RegExp {
  const body = term.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`${LETTER_BEFORE}${body}${LETTER_AFTER}`, caseSensitive ? 'gu' : 'giu');
}

export function findOccurrences(text: string, term: string, caseSensitive = false): TermOccurrence[] {
  if (term.trim() === '') return [];
  return [...text.matchAll(termPattern(term, caseSensitive))].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
  }));
}

export interface TermMatch extends TermOccurrence {
  entry: GlossaryEntry;
}

const overlaps = (a: TermOccurrence, b: TermOccurrence) => a.start < b.end && b.start < a.end;

/**
 * Glossary terms in a text, longest first: "New York City" wins over "New York" and "York" where
 * they overlap. Returned in text order, never overlapping.
 */
export function findTerms(text: string, entries: readonly GlossaryEntry[]): TermMatch[] {
  const all = entries.flatMap((entry) =>
    findOccurrences(text, entry.source, entry.caseSensitive).map((occurrence) => ({ ...occurrence, entry })),
  );
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const chosen: TermMatch[] = [];
  for (const match of all) if (!chosen.some((taken) => overlaps(taken, match))) chosen.push(match);
  return chosen.sort((a, b) => a.start - b.start);
}

/** Whether text[index] begins a sentence: nothing but opening quotes since the last . ? ! or the start. */
export function isSentenceStart(text: string, index: number): boolean {
  const before = text.slice(0, index).replace(/[\s"“«'‘¿¡(\-–—]+$/u, '');
  return before === '' || /[.?!…]$/u.test(before);
}

/** The target term as it should read at this position of the translated text. */
export function casedTarget(entry: GlossaryEntry, text: string, index: number): string {
  if (entry.caseSensitive || !isSentenceStart(text, index)) return entry.target;
  return entry.target.charAt(0).toLocaleUpperCase() + entry.target.slice(1);
}

export { overlaps as occurrencesOverlap };
