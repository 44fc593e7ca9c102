/**
 * SubRip (.srt). Read leniently by the shared timed-block scanner; written strictly:
 * numbered from 1, "HH:MM:SS,mmm --> HH:MM:SS,mmm", text lines, a blank line after every cue,
 * CRLF line ends (what SubRip itself wrote and what TV sets and hardware players expect; every
 * software reader also takes them), UTF-8 without a BOM. Speakers are not written: SRT has no
 * field for them and a "NAME:" prefix would change the text.
 *
 * Our own reader and writer on purpose, where XML goes through a library (xml-reader.ts, saxes):
 * `npm run bench -- srt-formats` measures them against media-captions, srt-parser-2 and subtitle
 * on 100,000 cues, and ours are faster (goal 2x the fastest peer). Big files are read and written
 * on a worker thread on the server either way (plugins/subtitles/server/cue-tasks.ts).
 */
import { CharBuffer } from './char-buffer';
import { type Cue, assertWritableCue, sortCues } from './cue';
import { normalizeCueText } from './markup';
import { decodeSubtitleText } from './text-decoding';
import { scanTimedBlocks } from './timed-block-scanner';

/**
 * One line end per "\r\r\n" (files converted to CRLF twice) and per lone "\r" among CRLF ones
 * (files edited on two systems), as players read them: left alone, the doubled CR made a blank
 * line inside every cue and pulled the next cue's number into its text. Only such files are
 * rewritten (a plain CRLF or LF file is scanned as it is).
 */
function withOneLineEndKind(text: string): string {
  return text.includes('\r\r') || /\r(?!\n)/.test(text) ? text.replace(/\r*\n|\r/g, '\n') : text;
}

export function readSrt(input: string | Uint8Array): Cue[] {
  return scanTimedBlocks(withOneLineEndKind(decodeSubtitleText(input)), 0, 1, { vtt: false });
}

/** "HH:MM:SS,mmm" into the buffer; hours grow past two digits when needed. */
function pushSrtClock(buffer: CharBuffer, ms: number): void {
  const total = Math.round(ms);
  const hours = Math.floor(total / 3_600_000);
  const rest = total - hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  const seconds = Math.floor((rest - minutes * 60_000) / 1000);
  buffer.pushInt(hours, 2);
  buffer.ensure(10);
  const codes = buffer.codes;
  let at = buffer.length;
  codes[at++] = 58;
  codes[at++] = 48 + Math.floor(minutes / 10);
  codes[at++] = 48 + (minutes % 10);
  codes[at++] = 58;
  codes[at++] = 48 + Math.floor(seconds / 10);
  codes[at++] = 48 + (seconds % 10);
  codes[at++] = 44;
  const millis = rest - minutes * 60_000 - seconds * 1000;
  codes[at++] = 48 + Math.floor(millis / 100);
  codes[at++] = 48 + (Math.floor(millis / 10) % 10);
  codes[at++] = 48 + (millis % 10);
  buffer.length = at;
}

/**
 * Copies text that is already tidy (trimmed lines, single spaces, no empty line, no "-->"),
 * turning "\n" into CRLF. Returns false at the first thing that needs tidying; the caller then
 * rolls back and writes the tidied text instead.
 */
function pushTidyText(buffer: CharBuffer, text: string): boolean {
  const last = text.length - 1;
  buffer.ensure(2 * text.length);
  const codes = buffer.codes;
  let at = buffer.length;
  let previous = 10;
  for (let i = 0; i <= last; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (previous === 10 || previous === 32 || i === last) return false;
      codes[at++] = 13;
    } else if (code === 32) {
      if (previous === 10 || previous === 32 || i === last) return false;
    } else if (code === 9 || code === 13 || (code === 62 && previous === 45 && text.charCodeAt(i - 2) === 45)) {
      return false;
    }
    codes[at++] = code;
    previous = code;
  }
  buffer.length = at;
  return true;
}

/**
 * Writes "n", the timing line, the text lines and a blank line per cue, CRLF throughout. Text is
 * tidied as it goes: empty lines are dropped (they would end the cue) and an arrow inside text is
 * written as "→" (a "-->" would be read back as a timing line).
 */
export function writeSrt(cues: readonly Cue[]): string {
  const sorted = sortCues(cues);
  let estimate = 0;
  for (const cue of sorted) estimate += 48 + cue.text.length;
  const buffer = new CharBuffer(Math.ceil(estimate * 1.1));
  for (let i = 0; i < sorted.length; i++) {
    const cue = sorted[i];
    assertWritableCue(cue, i);
    buffer.pushInt(i + 1, 1);
    buffer.pushString('\r\n');
    pushSrtClock(buffer, cue.start);
    buffer.pushString(' --> ');
    pushSrtClock(buffer, cue.end);
    buffer.pushString('\r\n');
    const mark = buffer.length;
    if (cue.italic) buffer.pushString('<i>');
    if (!pushTidyText(buffer, cue.text)) {
      buffer.length = mark;
      const body = normalizeCueText(cue.text).replaceAll('-->', '→');
      if (cue.italic && body !== '') buffer.pushString('<i>');
      buffer.pushString(body.replaceAll('\n', '\r\n'));
    }
    if (cue.italic && buffer.length > mark + 3) buffer.pushString('</i>');
    else if (cue.italic && buffer.length === mark + 3) buffer.length = mark;
    buffer.pushString('\r\n\r\n');
  }
  return buffer.toString();
}
