/**
 * SubViewer as YouTube uses it (.sbv): "H:MM:SS.mmm,H:MM:SS.mmm" then text lines, blocks
 * separated by blank lines. Read leniently (any CR/LF, comma or dot fractions, spaces around the
 * comma, a missing blank line before a timing line; stray text after a blank line is attached to
 * the previous cue as in SRT; SubViewer 2's [INFORMATION] header and [br] breaks). A cue ending
 * before it starts is kept with no length (flagged in the editor). A timing line that does not
 * read as two times, or text before the first timing, is fatal. Written strictly with LF line ends; no
 * speaker (the format has no field for it).
 */
import { type Cue, assertWritableCue, cueLines, sortCues } from './cue';
import { normalizeCueText } from './markup';
import { SubtitleParseError, quoteLine } from './subtitle-parse-error';
import { decodeSubtitleText } from './text-decoding';
import { formatSbvClock } from './timecode';

const TIME = String.raw`(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIME}\s*,\s*${TIME}\s*$`);
/** Starts like an SBV time and has a comma then a digit: meant as a timing line, valid or not ("10:30:00, at the station" is text). */
const TIMING_LIKE = /^\s*\d+:\d{1,2}:\d{1,2}[.,]?\d*\s*,\s*\d/;
/** SubViewer 2's header lines before the first cue: [INFORMATION], [TITLE]…, [END INFORMATION], [COLF]… */
const HEADER_TAG = /^\s*\[[A-Z ]+\]/;

function toMs(hours: string, minutes: string, seconds: string, fraction: string | undefined): number {
  const ms = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0'));
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + ms;
}

export function readSbv(input: string | Uint8Array): Cue[] {
  const lines = decodeSubtitleText(input).split(/\r\n|\r|\n/);
  const cues: Cue[] = [];
  let current: { start: number; end: number; lines: string[] } | null = null;
  const finish = () => {
    if (current)
      cues.push({ start: current.start, end: current.end, text: normalizeCueText(current.lines.join('\n')) });
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const timing = TIMING_LINE.exec(line);
    if (timing) {
      const start = toMs(timing[1], timing[2], timing[3], timing[4]);
      const end = toMs(timing[5], timing[6], timing[7], timing[8]);
      if (Number(timing[3]) >= 60 || Number(timing[7]) >= 60 || Number(timing[2]) >= 60 || Number(timing[6]) >= 60) {
        throw new SubtitleParseError(index + 1, `the timing ${quoteLine(line)} is not a valid time range`);
      }
      finish();
      // Ending before it starts: kept, with no length, for the editor to flag
      current = { start, end: Math.max(start, end), lines: [] };
    } else if (TIMING_LIKE.test(line)) {
      throw new SubtitleParseError(index + 1, `the timing ${quoteLine(line)} is not a valid time range`);
    } else if (!current && HEADER_TAG.test(line)) {
      // SubViewer 2's header: nothing to show.
    } else if (line.trim() !== '') {
      if (!current)
        throw new SubtitleParseError(index + 1, `the text ${quoteLine(line)} comes before the first cue timing`);
      // SubViewer 2 breaks lines with [br].
      current.lines.push(line.replaceAll(/\[br\]/gi, '\n'));
    }
  }
  finish();
  return sortCues(cues);
}

export function writeSbv(cues: readonly Cue[]): string {
  const sorted = sortCues(cues);
  let out = '';
  for (let i = 0; i < sorted.length; i++) {
    const cue = sorted[i];
    assertWritableCue(cue, i);
    out += `${formatSbvClock(cue.start)},${formatSbvClock(cue.end)}\n${cueLines(cue.text).join('\n')}\n\n`;
  }
  return out;
}
