import type { StoredCue } from '../common/subtitle-store';

/**
 * Cues as the INSERT takes them: per chunk, PostgreSQL array literals ('{0,2000}',
 * '{"Hello","Bye"}'). Made on a worker thread for big imports and saves: a string crosses the
 * thread boundary as one copy, where 100,000 cue objects would be cloned field by field on the
 * main thread, and pg sends a string parameter as it is, without walking arrays.
 *
 * Chunks: PGlite runs every statement on the event loop (WebAssembly in this process), so its
 * chunks stay small (250 cues, 5–10 ms of CPU; on a busy machine a slice of CPU stretches several
 * times) for other requests to get in between; a
 * PostgreSQL server does the work in its own process, so there one chunk per 25,000 cues keeps
 * round trips few.
 */
export interface CueColumnChunk {
  count: number;
  starts: string;
  ends: string;
  texts: string;
  speakers: string;
  /** Each cue's italic (true, false), NULL where the cue names none. */
  italics: string;
  /** Whether any cue of the chunk names its italic. */
  saysItalic: boolean;
  /** Each cue's review state, NULL where the cue names none. */
  reviews: string;
  /** Whether any cue of the chunk names its review state. */
  saysReview: boolean;
}

export const cueChunkSize = (kind: 'pglite' | 'postgres') => (kind === 'pglite' ? 250 : 25_000);

/** An element of a text[] literal: always quoted, so NULL, spaces, commas and braces in text stay text. */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;

export function cueColumns(cues: readonly StoredCue[], chunkSize: number): CueColumnChunk[] {
  const chunks: CueColumnChunk[] = [];
  for (let from = 0; from < cues.length; from += chunkSize) {
    const part = cues.slice(from, from + chunkSize);
    const starts: string[] = [];
    const ends: string[] = [];
    const texts: string[] = [];
    const speakers: string[] = [];
    const italics: string[] = [];
    const reviews: string[] = [];
    let saysReview = false;
    let saysItalic = false;
    for (const cue of part) {
      const start = Math.round(cue.start);
      starts.push(String(start));
      ends.push(String(Math.max(Math.round(cue.end), start)));
      texts.push(quoted(cue.text));
      speakers.push(cue.speaker ? quoted(cue.speaker) : 'NULL');
      italics.push(cue.italic === undefined ? 'NULL' : String(cue.italic === true));
      if (cue.italic !== undefined) saysItalic = true;
      reviews.push(cue.review ? quoted(cue.review) : 'NULL');
      if (cue.review) saysReview = true;
    }
    chunks.push({
      count: part.length,
      starts: `{${starts.join(',')}}`,
      ends: `{${ends.join(',')}}`,
      texts: `{${texts.join(',')}}`,
      speakers: `{${speakers.join(',')}}`,
      italics: `{${italics.join(',')}}`,
      saysItalic,
      reviews: `{${reviews.join(',')}}`,
      saysReview,
    });
  }
  return chunks;
}

/**
 * Lets the event loop run other work between two chunk statements. Needed for PGlite: its
 * query promises settle without a trip through the event loop, so a loop of awaited statements
 * would otherwise hold it from the first chunk to the last (1.3 s for 100,000 cues read).
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
