/**
 * WebVTT (.vtt). Read leniently: the "WEBVTT" signature line and header block, NOTE, STYLE and
 * REGION blocks are skipped, cue identifiers and cue settings ignored, mm:ss.mmm accepted; a
 * file without the signature is read like SRT would be. Written strictly: "WEBVTT", a blank line,
 * then "HH:MM:SS.mmm --> HH:MM:SS.mmm" blocks with LF line ends; "&", "<" and ">" are escaped,
 * the speaker is a `<v Name>` voice span and a wholly italic cue is wrapped in `<i>`.
 */
import { type Cue, assertWritableCue, cueLines, sortCues } from './cue';
import { decodeSubtitleText } from './text-decoding';
import { scanTimedBlocks } from './timed-block-scanner';
import { formatClockMs } from './timecode';

export function readVtt(input: string | Uint8Array): Cue[] {
  const text = decodeSubtitleText(input);
  if (!/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) return scanTimedBlocks(text, 0, 1, { vtt: true });
  // The header block (signature line and any header lines) ends at the first blank line.
  const headerEnd = /\r\n[ \t]*\r\n|\n[ \t]*\n|\r[ \t]*\r/.exec(text);
  const firstLineEnd = text.search(/\r|\n|$/);
  if (headerEnd === null || text.slice(0, headerEnd.index).includes('-->')) {
    // No blank line after the signature: the cues start on the next line.
    return firstLineEnd >= text.length ? [] : scanTimedBlocks(text, firstLineEnd, 1, { vtt: true });
  }
  const linesBefore = text.slice(0, headerEnd.index).split(/\r\n|\r|\n/).length;
  const blankLines = headerEnd[0].split(/\r\n|\r|\n/).length - 2;
  return scanTimedBlocks(text.slice(headerEnd.index + headerEnd[0].length), 0, linesBefore + blankLines + 1, { vtt: true });
}

function escapeVtt(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function writeVtt(cues: readonly Cue[]): string {
  const sorted = sortCues(cues);
  let out = 'WEBVTT\n\n';
  for (let i = 0; i < sorted.length; i++) {
    const cue = sorted[i];
    assertWritableCue(cue, i);
    let body = cueLines(escapeVtt(cue.text)).join('\n');
    if (cue.italic && body !== '') body = `<i>${body}</i>`;
    if (cue.speaker) body = `<v ${escapeVtt(cue.speaker.replace(/\s+/g, ' ').trim())}>${body}`;
    out += `${formatClockMs(cue.start, '.')} --> ${formatClockMs(cue.end, '.')}\n${body}\n\n`;
  }
  return out;
}
