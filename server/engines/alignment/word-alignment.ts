import type { TimedWord } from '../engine-interfaces';
import { dictionaryForm } from '../speech-to-text/pocketsphinx-model';

/**
 * Puts decoded word times onto the user's own transcript: tokens keep their spelling,
 * punctuation and casing; times come from the decoder where a decoded word matches, and are
 * interpolated (by length in characters) where none does.
 */

export interface TranscriptToken {
  /** As the user wrote it, with punctuation attached. */
  text: string;
  /** Lower case, outer punctuation removed: what the decoder says. */
  form: string;
  /** Ends a sentence (. ! ? …), used to split the language model into sentences. */
  endsSentence: boolean;
}

export function tokenizeTranscript(transcript: string): TranscriptToken[] {
  const tokens: TranscriptToken[] = [];
  for (const raw of transcript.split(/\s+/)) {
    if (!raw) continue;
    const form = dictionaryForm(raw);
    const endsSentence = /[.!?…。]["'”’)\]]*$/.test(raw);
    if (!form || !/[\p{L}\p{N}]/u.test(form)) {
      // A lone dash or quote mark is not a word: it rides along with the word before it.
      const previous = tokens.at(-1);
      if (previous) {
        previous.text += ` ${raw}`;
        previous.endsSentence ||= endsSentence;
      }
      continue;
    }
    tokens.push({ text: raw, form, endsSentence });
  }
  return tokens;
}

export function sentencesOf(tokens: readonly TranscriptToken[]): string[][] {
  const sentences: string[][] = [[]];
  for (const token of tokens) {
    sentences.at(-1)!.push(token.form);
    if (token.endsSentence) sentences.push([]);
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

const MATCH = 2;
const MISMATCH = -1;
const GAP = -1;
const MIN_BAND = 200;

/**
 * Needleman-Wunsch between transcript forms and decoded words, restricted to a band around
 * the diagonal so an hour of speech (10k words each side) stays within a few megabytes.
 * Returns, for each transcript token, the index of the decoded word paired with it (or -1) and
 * whether the pair is an exact match.
 */
export function pairWords(
  forms: readonly string[],
  decoded: readonly string[],
): Array<{ index: number; exact: boolean }> {
  const n = forms.length;
  const m = decoded.length;
  const band = Math.max(MIN_BAND, Math.abs(n - m) + MIN_BAND);
  const width = 2 * band + 1;
  const centre = (i: number) => Math.round((i * m) / Math.max(1, n));
  // Score rows are kept two at a time; the traceback (0 diag, 1 up, 2 left) for the whole band.
  const trace = new Uint8Array((n + 1) * width);
  let previous = new Float64Array(width).fill(-Infinity);
  let current = new Float64Array(width).fill(-Infinity);
  const column = (i: number, k: number) => centre(i) - band + k;
  for (let i = 0; i <= n; i++) {
    current.fill(-Infinity);
    for (let k = 0; k < width; k++) {
      const j = column(i, k);
      if (j < 0 || j > m) continue;
      if (i === 0) {
        current[k] = j * GAP;
        trace[k] = 2;
        continue;
      }
      const fromPrevious = (jj: number) => {
        const kk = jj - (centre(i - 1) - band);
        return kk >= 0 && kk < width ? previous[kk]! : -Infinity;
      };
      let best = fromPrevious(j) + GAP; // transcript word with no decoded word
      let move = 1;
      if (j > 0) {
        const diagonal = fromPrevious(j - 1) + (forms[i - 1] === decoded[j - 1] ? MATCH : MISMATCH);
        if (diagonal > best) {
          best = diagonal;
          move = 0;
        }
        const left = k > 0 ? current[k - 1]! + GAP : -Infinity; // decoded word not in the transcript
        if (left > best) {
          best = left;
          move = 2;
        }
      }
      current[k] = best;
      trace[i * width + k] = move;
    }
    [previous, current] = [current, previous];
  }
  const pairs = forms.map(() => ({ index: -1, exact: false }));
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const k = j - (centre(i) - band);
    const move = k >= 0 && k < width ? trace[i * width + k] : i > 0 ? 1 : 2;
    if (i > 0 && j > 0 && move === 0) {
      pairs[i - 1] = { index: j - 1, exact: forms[i - 1] === decoded[j - 1] };
      i--;
      j--;
    } else if (i > 0 && (move === 1 || j === 0)) {
      i--;
    } else {
      j--;
    }
  }
  return pairs;
}

/** Timings for every transcript token from the decoded words; `audioEndMs` bounds the last gap. */
export function timeTranscript(
  tokens: readonly TranscriptToken[],
  decoded: readonly TimedWord[],
  audioEndMs: number,
): TimedWord[] {
  const pairs = pairWords(
    tokens.map((token) => token.form),
    decoded.map((word) => dictionaryForm(word.text)),
  );
  const result: TimedWord[] = tokens.map((token, index) => {
    const pair = pairs[index]!;
    const word = pair.exact ? decoded[pair.index]! : null;
    return { text: token.text, start: word?.start ?? -1, end: word?.end ?? -1, confidence: word?.confidence ?? 0 };
  });
  const firstDecodedStart = decoded[0]?.start ?? 0;
  const lastDecodedEnd = decoded.at(-1)?.end ?? audioEndMs;
  let index = 0;
  while (index < result.length) {
    if (result[index]!.start >= 0) {
      index++;
      continue;
    }
    let runEnd = index;
    while (runEnd < result.length && result[runEnd]!.start < 0) runEnd++;
    // The run lies between the neighbouring matched words; decoded words paired with it
    // (mis-recognised ones) narrow that down to where the run was actually spoken.
    let from = index > 0 ? result[index - 1]!.end : Math.min(firstDecodedStart, audioEndMs);
    let to = runEnd < result.length ? result[runEnd]!.start : Math.max(lastDecodedEnd, from);
    const substituted = pairs
      .slice(index, runEnd)
      .filter((pair) => pair.index >= 0)
      .map((pair) => decoded[pair.index]!);
    if (substituted.length > 0) {
      from = Math.max(from, Math.min(...substituted.map((word) => word.start)));
      to = Math.min(to, Math.max(...substituted.map((word) => word.end)));
    }
    if (to < from) to = from;
    const lengths = tokens.slice(index, runEnd).map((token) => Math.max(1, token.form.length));
    const totalLength = lengths.reduce((sum, length) => sum + length, 0);
    let cursor = from;
    for (let k = index; k < runEnd; k++) {
      const span = ((to - from) * lengths[k - index]!) / totalLength;
      result[k] = { ...result[k]!, start: Math.round(cursor), end: Math.round(cursor + span), confidence: 0 };
      cursor += span;
    }
    index = runEnd;
  }
  return result;
}
