import type { EditorCue } from './cue-edits';

/**
 * Find and replace over the cue texts, as pure functions. A match is a range of one cue's text;
 * matches never cross cues (a subtitler searches words, and a cue boundary is not a space).
 */
export interface FindOptions {
  caseSensitive: boolean;
  wholeWord: boolean;
}

export interface CueMatch {
  index: number;
  from: number;
  to: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The query as a global regular expression; whole words use Unicode letters, so "été" is one word. */
function pattern(query: string, options: FindOptions): RegExp {
  const body = escapeRegExp(query);
  const word = options.wholeWord ? `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])` : body;
  return new RegExp(word, options.caseSensitive ? 'gu' : 'giu');
}

/** Every match in reading order; none for an empty query. */
export function findMatches(cues: readonly EditorCue[], query: string, options: FindOptions): CueMatch[] {
  if (query === '') return [];
  const re = pattern(query, options);
  const out: CueMatch[] = [];
  cues.forEach((cue, index) => {
    for (const found of cue.text.matchAll(re))
      out.push({ index, from: found.index, to: found.index + found[0].length });
  });
  return out;
}

/** The match to go to from a position (cue, caret), forwards or backwards, wrapping round; -1 when none. */
export function matchFrom(matches: readonly CueMatch[], index: number, offset: number, backwards = false): number {
  if (matches.length === 0) return -1;
  if (backwards) {
    for (let i = matches.length - 1; i >= 0; i--)
      if (matches[i].index < index || (matches[i].index === index && matches[i].from < offset)) return i;
    return matches.length - 1;
  }
  const found = matches.findIndex((m) => m.index > index || (m.index === index && m.from >= offset));
  return found === -1 ? 0 : found;
}

/** One match replaced; the list unchanged when the match no longer stands where it was. */
export function replaceMatch(cues: readonly EditorCue[], match: CueMatch, replacement: string): readonly EditorCue[] {
  const cue = cues[match.index];
  if (!cue || match.to > cue.text.length) return cues;
  const text = cue.text.slice(0, match.from) + replacement + cue.text.slice(match.to);
  return text === cue.text ? cues : [...cues.slice(0, match.index), { ...cue, text }, ...cues.slice(match.index + 1)];
}

/** Every match replaced (the replacement taken literally: no `$1`); untouched cues stay the same objects. */
export function replaceAll(
  cues: readonly EditorCue[],
  query: string,
  replacement: string,
  options: FindOptions,
): readonly EditorCue[] {
  if (query === '') return cues;
  const re = pattern(query, options);
  let changed = false;
  const next = cues.map((cue) => {
    const text = cue.text.replace(re, () => replacement);
    if (text === cue.text) return cue;
    changed = true;
    return { ...cue, text };
  });
  return changed ? next : cues;
}
