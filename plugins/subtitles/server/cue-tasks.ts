/**
 * The subtitle work that runs on worker threads (server/threads via plugin-api's runOffThread):
 * reading an imported file, reading an editor save's JSON, writing the download's files. Each
 * takes and returns strings and byte arrays only (cheap to pass between threads), and answers a
 * refusal as a value: an Error thrown here reaches the main thread without its class or status.
 */
import { isReviewState, REVIEW_STATES, type ReviewState } from '../common/cue-review';
import { readSubtitles, SubtitleParseError, writeSubtitles } from '../common/formats';
import { formatClockMs } from '../common/formats/timecode';
import type { StoredCue } from '../common/subtitle-store';
import { MAX_CUE_TEXT_LENGTH, MAX_CUES, MAX_SPEAKER_LENGTH, type DownloadFormat } from '../common/subtitles-contract';
import { cueColumns, type CueColumnChunk } from './cue-columns';

export interface Refusal {
  refused: { status: 400 | 422; code: string; message: string; field: string };
}
export interface CueChunks {
  count: number;
  chunks: CueColumnChunk[];
}

/** The largest time (ms) a cue row holds: PostgreSQL's integer. */
const MAX_MS = 2_147_483_647;
const count = (n: number) => n.toLocaleString('en-US');
/** The import's refusals over the limits (server-side only: the browser shows the server's message). */
const LIMIT_MESSAGES = {
  tooManyCues: (cues: number) => `The file has ${count(cues)} cues; a subtitle holds at most ${count(MAX_CUES)}`,
  cueTextTooLong: (position: number, startMs: number, length: number) =>
    `Cue ${count(position)} (at ${formatClockMs(startMs, ',').slice(0, -4)}) has ${count(length)} characters; a cue holds at most ${count(MAX_CUE_TEXT_LENGTH)}`,
  timeOutOfRange: (position: number, endMs: number) =>
    `Cue ${count(position)} ends at ${Number.isFinite(endMs) ? formatClockMs(endMs, ',') : 'a time too large to read'}; a subtitle's times go up to ${formatClockMs(MAX_MS, ',')}`,
};

const refusal = (status: 400 | 422, code: string, message: string, field: string): Refusal => ({
  refused: { status, code, message, field },
});

/** Code points, counted only when the UTF-16 length is over (it is never below). */
const overLength = (text: string, max: number) => text.length > max && [...text].length > max;

/** The one cue limit and cue-text limit (subtitles-contract), the same an editor save meets. */
function limitProblem(cues: readonly StoredCue[], field: string, status: 400 | 422): Refusal | null {
  if (cues.length > MAX_CUES) return refusal(status, 'too_many_cues', LIMIT_MESSAGES.tooManyCues(cues.length), field);
  // A time past the database's integer milliseconds (596 hours: a mistyped hour, never real media)
  // failed the insert with a 500; the editor's save refuses such times too.
  const far = cues.findIndex((cue) => !(cue.end <= MAX_MS));
  if (far !== -1)
    return refusal(status, 'time_out_of_range', LIMIT_MESSAGES.timeOutOfRange(far + 1, cues[far].end), field);
  const long = cues.findIndex((cue) => overLength(cue.text, MAX_CUE_TEXT_LENGTH));
  if (long !== -1)
    return refusal(
      status,
      'cue_text_too_long',
      LIMIT_MESSAGES.cueTextTooLong(long + 1, cues[long].start, [...cues[long].text].length),
      field,
    );
  return null;
}

/**
 * A speaker name as a save takes it (what an import makes, the editor can save again): without
 * control characters, cut to MAX_SPEAKER_LENGTH code points; undefined when nothing is left.
 */
function importedSpeaker(speaker: string | undefined): string | undefined {
  if (speaker === undefined) return undefined;
  const points = [...speaker.replace(FORBIDDEN_ALL, ' ').replace(/\s+/g, ' ').trim()];
  const kept = points.slice(0, MAX_SPEAKER_LENGTH).join('').trim();
  return kept === '' ? undefined : kept;
}

/** An imported file: its cues as insert chunks, or the 422 naming the line, the cue count or the cue. */
export function readImport(content: Uint8Array, keepSpeakers: boolean, chunkSize: number): CueChunks | Refusal {
  let cues: StoredCue[];
  try {
    cues = readSubtitles(content).map((cue) => ({
      start: cue.start,
      end: cue.end,
      text: cue.text,
      speaker: keepSpeakers ? importedSpeaker(cue.speaker) : undefined,
      // Always said: the file decides, never the italics of the cues it replaces.
      italic: cue.italic === true,
    }));
  } catch (error) {
    if (error instanceof SubtitleParseError) return refusal(422, 'invalid_subtitle_file', error.message, 'srt_content');
    throw error;
  }
  return limitProblem(cues, 'srt_content', 422) ?? { count: cues.length, chunks: cueColumns(cues, chunkSize) };
}

// The host's input guard (server/http/input-guard.ts) refuses these in every parsed body; this
// body is parsed here instead, so the same rule is applied here: NUL, other C0 controls but tab,
// LF and CR, and lone surrogates.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/u;
// oxlint-disable-next-line no-control-regex -- the same characters, every one of them.
const FORBIDDEN_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/gu;
const CUE_KEYS = new Set(['start', 'end', 'text', 'speaker', 'italic', 'review']);

/**
 * An editor save (PUT …/cues) from its JSON text: the route's schema (revision, cues of start,
 * end, text and an optional speaker, italic and review) checked here, by hand, with the field named as the schema
 * validator would: this runs off the main thread, where parsing and checking 100,000 cues took it
 * over a second.
 */
export function readSave(json: string, chunkSize: number): (CueChunks & { revision: number }) | Refusal {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return refusal(400, 'invalid_json', 'The body is not valid JSON', 'body');
  }
  const bad = (field: string, what: string) =>
    refusal(400, 'invalid', `body/${field.replaceAll('.', '/')} ${what}`, field);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return bad('', 'must be object');
  const { revision, cues } = body as { revision?: unknown; cues?: unknown };
  if (!Number.isInteger(revision) || (revision as number) < 0) return bad('revision', 'must be an integer >= 0');
  if (!Array.isArray(cues)) return bad('cues', 'must be array');
  if (cues.length > MAX_CUES)
    return refusal(
      400,
      'too_many_cues',
      `A subtitle holds at most ${MAX_CUES.toLocaleString('en-US')} cues (this save has ${cues.length.toLocaleString('en-US')})`,
      'cues',
    );
  const stored: StoredCue[] = [];
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i] as Record<string, unknown>;
    const at = `cues.${i}`;
    if (typeof cue !== 'object' || cue === null || Array.isArray(cue)) return bad(at, 'must be object');
    for (const key of Object.keys(cue)) if (!CUE_KEYS.has(key)) return bad(at, 'must NOT have additional properties');
    for (const key of ['start', 'end'] as const) {
      const value = cue[key];
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_MS)
        return bad(`${at}.${key}`, `must be an integer from 0 to ${MAX_MS}`);
    }
    if (typeof cue.text !== 'string')
      return bad(`${at}.text`, cue.text === undefined ? "must have required property 'text'" : 'must be string');
    if (overLength(cue.text, MAX_CUE_TEXT_LENGTH))
      return bad(`${at}.text`, `must NOT have more than ${MAX_CUE_TEXT_LENGTH} characters`);
    if (cue.speaker !== undefined && (typeof cue.speaker !== 'string' || overLength(cue.speaker, MAX_SPEAKER_LENGTH)))
      return bad(`${at}.speaker`, 'must be a string of at most 200 characters');
    if (cue.italic !== undefined && typeof cue.italic !== 'boolean') return bad(`${at}.italic`, 'must be boolean');
    if (cue.review !== undefined && !isReviewState(cue.review))
      return bad(`${at}.review`, `must be one of ${REVIEW_STATES.join(', ')}`);
    for (const key of ['text', 'speaker'] as const) {
      const character = typeof cue[key] === 'string' ? FORBIDDEN.exec(cue[key])?.[0] : undefined;
      if (character)
        return refusal(
          400,
          'invalid_characters',
          `${at}.${key} contains a character that is not allowed (U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`,
          `${at}.${key}`,
        );
    }
    stored.push({
      start: cue.start as number,
      end: cue.end as number,
      text: cue.text,
      speaker: cue.speaker as string | undefined,
      italic: cue.italic as boolean | undefined,
      review: cue.review as ReviewState | undefined,
    });
  }
  return { revision: revision as number, count: stored.length, chunks: cueColumns(stored, chunkSize) };
}

/** The download's files of one subtitle, one per format, from its cues as the database's JSON. */
export function writeFiles(
  cuesJson: string,
  formats: DownloadFormat[],
  options: { language: string; title: string },
): Uint8Array[] {
  const cues = JSON.parse(cuesJson) as StoredCue[];
  const encoder = new TextEncoder();
  return formats.map((format) => encoder.encode(writeSubtitles(cues, format, options)));
}
