/**
 * Which format a file is in, from its content (file names lie: ".txt" SRTs, ".xml" TTML). Looks
 * at the start of the file only, so detection costs nothing next to reading.
 */
import type { SubtitleFormat } from './cue';
import { decodeSubtitleText } from './text-decoding';

const SBV_TIMING = /^[ \t]*\d+:\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?[ \t]*,[ \t]*\d+:\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?[ \t]*$/m;
const ARROW_TIMING = /^[ \t]*(?:\d+:)?\d{1,2}:\d{1,2}(?:[.,]\d+)?[ \t]*--?>/m;

/** The format of a subtitle file, or null when it is none of SRT, WebVTT, ASS/SSA, SBV, TTML. */
export function detectFormat(input: string | Uint8Array): SubtitleFormat | null {
  const text = decodeSubtitleText(typeof input === 'string' ? input : input.subarray(0, 64 * 1024));
  const head = text.slice(0, 64 * 1024).replace(/^\s+/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return 'vtt';
  if (/^\[Script Info\]/i.test(head) || /^\[V4\+? Styles\]|^\[Events\]/im.test(head)) return 'ass';
  if (head.startsWith('<') && /<(?:[A-Za-z_][\w.-]*:)?tt[\s>]/.test(head)) return 'ttml';
  // The first timing decides: an SBV cue's text may hold an arrow ("10:30 -> 11:00"), an SRT's never
  // a whole SBV timing line.
  const arrow = head.search(ARROW_TIMING);
  const sbv = head.search(SBV_TIMING);
  if (arrow !== -1 && (sbv === -1 || arrow < sbv)) return 'srt';
  return sbv === -1 ? null : 'sbv';
}
