/**
 * The reader SRT and WebVTT share: blocks of "timing line, text lines", scanned by hand over one
 * string (indexOf for line ends, charCodeAt inside lines, one slice per cue) because this is the
 * hot path of an import and of the SRT benchmark.
 *
 * Ours rather than a library's, on purpose (where XML, CSV and feeds went to libraries): measured
 * at least twice as fast as the fastest of `media-captions`, `srt-parser-2` and `subtitle` on
 * 100,000 cues (bench/srt-formats.bench.mjs, `srt.speedupVsFastestPeer`), and checked against
 * the 441 real-world files from other projects' test suites that docs/decisions.md's "Subtitle files"
 * names, with the lenient rules below.
 *
 * Lenient on purpose (what real files contain):
 * - CRLF, CR or LF; spaces around anything; a missing blank line between cues;
 * - missing, wrong or duplicated cue numbers (a number line is only a number when a timing line
 *   follows it; in WebVTT any such line is a cue identifier); times per `readClock`;
 * - SRT coordinates ("X1:…") and WebVTT cue settings after the end time are ignored;
 * - stray text after a cue's blank line and before the next timing is attached to that cue
 *   (dropping spoken words silently would be worse than an extra line the user can see).
 * - a cue that ends before it starts is kept with no length (its text kept, the editor flags it);
 * - two times without a proper arrow ("9:00 - 17:00") inside a cue's text are text;
 * Fatal (a SubtitleParseError, nothing returned): a timing line that does not read as two times
 * (an arrow line, or two times where a timing belongs: a block's first line, after a cue number),
 * text before the first cue.
 */
import type { Cue } from './cue';
import { cleanCueText, cleanedItalic, cleanedSpeaker } from './markup';
import { SubtitleParseError, quoteLine } from './subtitle-parse-error';
import { clockEnd, readClock } from './timecode';

export interface TimedBlockOptions {
  vtt: boolean;
}

function isBlank(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = s.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

function startsWithDigit(s: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  return i < to && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
}

function isNumberLine(s: string, from: number, to: number): boolean {
  let i = from;
  while (i < to && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  const first = i;
  while (i < to && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
  return i > first && isBlank(s, i, to);
}

/**
 * A line that is two times with something other than "-->" between them ("00:01:02,000 -> 00:01",
 * "00:00:01,000 00:00:02,000"): a timing someone got wrong, not text. Text that merely starts
 * with a time ("10:30 -> lunch") is not one.
 */
function looksLikeBrokenTiming(s: string, from: number, to: number): boolean {
  const first = s.charCodeAt(from);
  if (!(first >= 48 && first <= 57) || readClock(s, from, to) < 0) return false;
  let i = clockEnd;
  for (; i < to; i++) {
    const code = s.charCodeAt(i);
    // spaces, tabs, "-", "=", ">", "–", "—", "→"
    if (
      code !== 32 &&
      code !== 9 &&
      code !== 45 &&
      code !== 61 &&
      code !== 62 &&
      code !== 0x2013 &&
      code !== 0x2014 &&
      code !== 0x2192
    )
      break;
  }
  return i > clockEnd && readClock(s, i, to) >= 0;
}

/** Results of `readTimingLine` (module-level out-parameters: no array per cue). */
let timingStart = 0;
let timingEnd = 0;

/** Reads "start --> end [settings]" into timingStart/timingEnd; false when it is not a valid range. */
function readTimingLine(s: string, from: number, arrow: number, to: number): boolean {
  timingStart = readClock(s, from, arrow);
  if (timingStart < 0 || !isBlank(s, clockEnd, arrow)) return false;
  timingEnd = readClock(s, arrow + 3, to);
  if (timingEnd < 0) return false;
  const after = clockEnd < to ? s.charCodeAt(clockEnd) : 32;
  return after === 32 || after === 9 || after === 13;
}

function lineText(s: string, from: number, to: number): string {
  return s.slice(from, to).replace(/\r$/, '');
}

/**
 * Reads every cue of an SRT or WebVTT body (`from` is where cues may begin). CRLF is handled in
 * place (a line's content ends before its "\r"); only files with bare-CR line ends are rewritten
 * to LF first, which keeps line numbers.
 */
export function scanTimedBlocks(input: string, from: number, firstLine: number, options: TimedBlockOptions): Cue[] {
  const firstCr = input.indexOf('\r', from);
  const s = firstCr !== -1 && input.charCodeAt(firstCr + 1) !== 10 ? input.replace(/\r\n?/g, '\n') : input;
  const crlf = firstCr !== -1;
  const vtt = options.vtt;
  const cues: Cue[] = [];
  let arrow = s.indexOf('-->', from);
  let lineNumber = firstLine - 1;
  let pos = from;
  let hasCue = false;
  let cueStart = 0;
  let cueEnd = 0;
  let textFrom = -1;
  let textTo = -1;
  let skippingBlock = false;
  let atBlockStart = true;
  // The line before was a number alone (a cue number, when a timing should follow it).
  let afterNumberLine = false;
  // Where the line after the current one ends, when a look-ahead already found it.
  let knownLineEnd = -1;

  while (pos <= s.length) {
    let lineEnd = knownLineEnd >= pos ? knownLineEnd : s.indexOf('\n', pos);
    if (lineEnd === -1) lineEnd = s.length;
    knownLineEnd = -1;
    lineNumber++;
    while (arrow !== -1 && arrow < pos) arrow = s.indexOf('-->', pos);

    // In SRT a timing line starts with its time: "Go left --> then right" is text (as ffmpeg reads it).
    if (arrow !== -1 && arrow < lineEnd && (vtt || startsWithDigit(s, pos, arrow))) {
      if (hasCue) cues.push(makeCue(s, cueStart, cueEnd, textFrom, textTo, crlf, vtt));
      if (!readTimingLine(s, pos, arrow, lineEnd)) {
        throw new SubtitleParseError(
          lineNumber,
          `the timing ${quoteLine(lineText(s, pos, lineEnd))} is not a valid time range`,
        );
      }
      hasCue = true;
      skippingBlock = false;
      cueStart = timingStart;
      // Ending before it starts: kept with its text and no length, which the editor flags as a
      // timing problem (refusing the whole file for one mistyped time lost every other cue).
      cueEnd = Math.max(timingStart, timingEnd);
      textFrom = textTo = -1;
      atBlockStart = false;
      afterNumberLine = false;
    } else if (isBlank(s, pos, lineEnd)) {
      skippingBlock = false;
      atBlockStart = true;
      afterNumberLine = false;
    } else if (!skippingBlock) {
      const nextLineEnd = lineEnd < s.length ? s.indexOf('\n', lineEnd + 1) : -1;
      knownLineEnd = nextLineEnd;
      const nextIsTiming = arrow !== -1 && lineEnd < s.length && (nextLineEnd === -1 || arrow < nextLineEnd);
      if (nextIsTiming && (vtt || isNumberLine(s, pos, lineEnd))) {
        // A cue number (SRT) or cue identifier (WebVTT): not part of any text.
      } else if (vtt && atBlockStart && isVttMetadataBlock(s, pos, lineEnd)) {
        skippingBlock = true;
      } else if ((atBlockStart || afterNumberLine || !hasCue) && looksLikeBrokenTiming(s, pos, lineEnd)) {
        // Only where a timing belongs (a block's first line, after a cue number): inside a cue's
        // text "9:00 - 17:00" is opening hours, and refusing it refused the whole file.
        throw new SubtitleParseError(
          lineNumber,
          `the timing ${quoteLine(lineText(s, pos, lineEnd))} is not a valid time range`,
        );
      } else if (hasCue) {
        if (textFrom === -1) textFrom = pos;
        textTo = s.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
      } else if (!isNumberLine(s, pos, lineEnd)) {
        throw new SubtitleParseError(
          lineNumber,
          `the text ${quoteLine(lineText(s, pos, lineEnd))} comes before the first cue timing`,
        );
      }
      afterNumberLine = isNumberLine(s, pos, lineEnd);
      atBlockStart = false;
    }
    pos = lineEnd + 1;
  }
  if (hasCue) cues.push(makeCue(s, cueStart, cueEnd, textFrom, textTo, crlf, vtt));
  return cues;
}

function makeCue(
  s: string,
  start: number,
  end: number,
  textFrom: number,
  textTo: number,
  crlf: boolean,
  vtt: boolean,
): Cue {
  let raw = textFrom === -1 ? '' : s.slice(textFrom, textTo);
  if (crlf && raw.indexOf('\r') !== -1) raw = raw.replaceAll('\r\n', '\n');
  // ASS line breaks and hard spaces pasted into SRT, which players (libass, ffmpeg) honour.
  if (!vtt && raw.indexOf('\\') !== -1) raw = raw.replaceAll('\\N', '\n').replaceAll('\\h', '\u00a0');
  const cue: Cue = { start, end, text: cleanCueText(raw, vtt) };
  if (cleanedSpeaker !== undefined) cue.speaker = cleanedSpeaker;
  if (cleanedItalic) cue.italic = true;
  return cue;
}

/** NOTE, STYLE and REGION blocks of WebVTT carry no cue text; they run to the next blank line. */
function isVttMetadataBlock(s: string, from: number, to: number): boolean {
  for (const keyword of ['NOTE', 'STYLE', 'REGION']) {
    if (s.startsWith(keyword, from)) {
      const after = from + keyword.length;
      return after >= to || s.charCodeAt(after) === 32 || s.charCodeAt(after) === 9 || s.charCodeAt(after) === 13;
    }
  }
  return false;
}
