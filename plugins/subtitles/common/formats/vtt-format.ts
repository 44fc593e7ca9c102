/**
 * WebVTT (.vtt). Read as browsers read it (webvtt-parser.ts: the spec's parsing algorithm, with
 * kinder timestamps); a file without the "WEBVTT" signature, which browsers refuse, is read like
 * SRT would be. Written strictly: "WEBVTT", a blank line, then "HH:MM:SS.mmm --> HH:MM:SS.mmm"
 * blocks with LF line ends; "&", "<" and ">" are escaped, the speaker is a `<v Name>` voice span
 * and a wholly italic cue is wrapped in `<i>`.
 */
import { type Cue, assertWritableCue, cueLines, sortCues } from './cue';
import { decodeSubtitleText } from './text-decoding';
import { scanTimedBlocks } from './timed-block-scanner';
import { formatClockMs } from './timecode';
import { hasVttSignature, parseWebVtt } from './webvtt-parser';

export function readVtt(input: string | Uint8Array): Cue[] {
  const text = decodeSubtitleText(input);
  return hasVttSignature(text) ? parseWebVtt(text) : scanTimedBlocks(text, 0, 1, { vtt: true });
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
