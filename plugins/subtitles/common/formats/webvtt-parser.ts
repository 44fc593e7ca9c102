/**
 * The WebVTT file parsing algorithm of the W3C spec (https://www.w3.org/TR/webvtt1/#file-parsing),
 * so an import reads a file as the browsers' own players do (checked against web-platform-tests'
 * webvtt/parsing/file-parsing cases in webvtt-parser.test.ts):
 * - CRLF and lone CR become LF first (so LF-CR makes a blank line, as in browsers);
 * - the file is read block by block, a block ending at a blank line or, for a cue, at a later line
 *   holding "-->"; a block whose first or second line is a valid timing is a cue, anything else
 *   (NOTE, STYLE, REGION, an id with a broken timing, stray text) is skipped, not fatal;
 * - timings allow spaces, tabs and form feeds around the arrow; settings after them are ignored.
 * Kinder than the spec where a person would expect it: a timestamp per `readClock` (one-digit
 * fields, a comma, 1–n fraction digits). A cue ending before it starts is never shown by a
 * player, so it is skipped too. Only a file of which nothing reads is refused, naming the first
 * line that could not be read.
 *
 * Ours, not a library, like the SRT reader (srt-format.ts: measured faster than the npm peers by
 * `npm run bench -- srt-formats`, and this one follows the spec's algorithm line for line).
 */
import type { Cue } from './cue';
import { cleanCueText, cleanedItalic, cleanedSpeaker } from './markup';
import { SubtitleParseError, quoteLine } from './subtitle-parse-error';
import { clockEnd, readClock } from './timecode';

const SPACE = 32;
const TAB = 9;
const FF = 12;
const LF = 10;
const CR = 13;

function isWhitespace(code: number): boolean {
  return code === SPACE || code === TAB || code === FF || code === LF || code === CR;
}

function skipWhitespace(s: string, i: number): number {
  while (i < s.length && isWhitespace(s.charCodeAt(i))) i++;
  return i;
}

/** `start --> end [settings]`: the two times in ms, or null (the spec's "collect cue timings and settings" failing). */
export function readVttTiming(line: string): { start: number; end: number } | null {
  let i = skipWhitespace(line, 0);
  if (i >= line.length || line.charCodeAt(i) < 48 || line.charCodeAt(i) > 57) return null;
  const start = readClock(line, i, line.length);
  if (start < 0) return null;
  i = skipWhitespace(line, clockEnd);
  if (!line.startsWith('-->', i)) return null;
  i = skipWhitespace(line, i + 3);
  if (i >= line.length || line.charCodeAt(i) < 48 || line.charCodeAt(i) > 57) return null;
  const end = readClock(line, i, line.length);
  if (end < 0) return null;
  // Settings follow after whitespace; anything glued to the time makes it another time.
  if (clockEnd < line.length && !isWhitespace(line.charCodeAt(clockEnd))) return null;
  return { start, end };
}

/** The spec's signature check: "WEBVTT" alone or followed by a space, tab or line end. */
export function hasVttSignature(text: string): boolean {
  return /^WEBVTT(?:[ \t\n\r]|$)/.test(text);
}

interface Unread {
  line: number;
  reason: string;
}

/** Reads a WebVTT file that has the signature (see `hasVttSignature`). */
export function parseWebVtt(input: string): Cue[] {
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  const cues: Cue[] = [];
  let firstUnread: Unread | null = null;
  const unread = (line: number, reason: string) => {
    firstUnread ??= { line, reason };
  };

  // The signature line, then the header: lines up to a blank line or a line holding "-->".
  let i = 1;
  while (i < lines.length && lines[i] !== '' && !lines[i].includes('-->')) i++;

  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++;
    if (i >= lines.length) break;
    // One block, as "collect a WebVTT block" (not in the header) reads it.
    const blockStart = i;
    let timing: { start: number; end: number } | null = null;
    let timingLine = -1;
    let seenArrow = false;
    const text: string[] = [];
    let count = 0;
    for (; i < lines.length && lines[i] !== ''; i++) {
      const line = lines[i];
      count++;
      if (line.includes('-->')) {
        if (count === 1 || (count === 2 && !seenArrow)) {
          seenArrow = true;
          timingLine = i;
          timing = readVttTiming(line);
          text.length = 0;
          continue;
        }
        break; // a new block starts at this line
      }
      text.push(line);
    }
    const first = lines[blockStart];
    if (timing && timing.end >= timing.start) {
      cues.push(makeCue(timing.start, timing.end, text.join('\n')));
    } else if (timing) {
      unread(timingLine + 1, `the cue ends before it starts (${quoteLine(lines[timingLine])})`);
    } else if (timingLine !== -1) {
      unread(timingLine + 1, `the timing ${quoteLine(lines[timingLine])} is not a valid time range`);
    } else if (!/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) {
      unread(blockStart + 1, `the text ${quoteLine(first)} is not under a cue timing`);
    }
  }
  if (cues.length === 0 && firstUnread) {
    const { line, reason } = firstUnread;
    throw new SubtitleParseError(line, `${reason}, and no cue in the file could be read`);
  }
  return cues;
}

function makeCue(start: number, end: number, raw: string): Cue {
  const cue: Cue = { start, end, text: cleanCueText(raw, true) };
  if (cleanedSpeaker !== undefined) cue.speaker = cleanedSpeaker;
  if (cleanedItalic) cue.italic = true;
  return cue;
}
