/**
 * Advanced SubStation Alpha (.ass) and its predecessor SSA (.ssa). Read leniently: sections in
 * any order, a Format line in any field order (or the ASS default when missing), Dialogue text
 * containing commas, \N and \n line breaks, \h hard spaces, override blocks stripped ({\i1} and
 * italic styles kept as the cue's italic flag), the Name field as speaker; Comment lines and the
 * other sections are ignored. A Dialogue whose times cannot be read, or that ends before it
 * starts, is fatal. Written strictly: [Script Info], [V4+ Styles] with one Default style,
 * [Events] with one Dialogue per cue, times in centiseconds rounded to the nearest one.
 * ASS has no escape for braces, so "{" and "}" in text are written as fullwidth "｛" and "｝".
 */
import { type Cue, assertWritableCue, cueLines, sortCues } from './cue';
import { hasWords, nextIndexOf, normalizeCueText } from './markup';
import { SubtitleParseError, quoteLine } from './subtitle-parse-error';
import { decodeSubtitleText } from './text-decoding';
import { clockEnd, formatAssClock, readClock } from './timecode';

const DEFAULT_EVENT_FORMAT = [
  'layer',
  'start',
  'end',
  'style',
  'name',
  'marginl',
  'marginr',
  'marginv',
  'effect',
  'text',
];

function fieldList(value: string): string[] {
  return value.split(',').map((field) => field.trim().toLowerCase());
}

/** Splits "a,b,c,text, with, commas" into exactly `count` fields: the last one keeps its commas. */
function splitFields(value: string, count: number): string[] | null {
  const fields: string[] = [];
  let from = 0;
  for (let i = 0; i < count - 1; i++) {
    const comma = value.indexOf(',', from);
    if (comma === -1) return null;
    fields.push(value.slice(from, comma).trim());
    from = comma + 1;
  }
  fields.push(value.slice(from));
  return fields;
}

/**
 * Override tags, \N, \n and \h to plain text; italic when every word was italic (markup.ts).
 * Drawings (`{\p1}m 0 0 l 100 0…{\p0}`) are shapes, not words: left out. `\n` is a soft line
 * break, a space unless the script's WrapStyle is 2 (`softBreaks`), as libass reads it.
 */
export function assTextToPlain(
  raw: string,
  styleItalic: boolean,
  softBreaks = false,
): { text: string; italic: boolean } {
  let out = '';
  let italic = styleItalic;
  let drawing = false;
  let sawItalic = false;
  let sawPlain = false;
  const emit = (piece: string) => {
    if (drawing) return;
    out += piece;
    // As SRT's: upright punctuation around italic words leaves the cue italic (markup.ts).
    if (italic) sawItalic ||= piece.trim() !== '';
    else sawPlain ||= hasWords(piece);
  };
  let last = 0;
  let i = 0;
  // The next "}", reused until passed (nextIndexOf: no rescan per "{").
  let nextClose = -2;
  while (i < raw.length) {
    const code = raw.charCodeAt(i);
    if (code === 123 /* { */) {
      const close = (nextClose = nextIndexOf(raw, '}', i + 1, nextClose));
      if (close !== -1) {
        emit(raw.slice(last, i));
        for (const tag of raw.slice(i + 1, close).matchAll(/\\(i(?![a-z])|r|p(?=[0-9]))([0-9]*)/g)) {
          if (tag[1] === 'r') {
            italic = styleItalic;
            drawing = false;
          } else if (tag[1] === 'p') drawing = Number(tag[2]) > 0;
          else italic = tag[2] === '' ? styleItalic : tag[2] !== '0';
        }
        i = last = close + 1;
        continue;
      }
    } else if (code === 92 /* \ */) {
      const next = raw.charCodeAt(i + 1);
      if (next === 78 /* N */ || next === 110 /* n */ || next === 104 /* h */) {
        emit(raw.slice(last, i));
        if (!drawing) out += next === 104 ? '\u00a0' : next === 110 && !softBreaks ? ' ' : '\n';
        i = last = i + 2;
        continue;
      }
    }
    i++;
  }
  emit(raw.slice(last));
  return { text: normalizeCueText(out), italic: sawItalic && !sawPlain };
}

export function readAss(input: string | Uint8Array): Cue[] {
  const lines = decodeSubtitleText(input).split(/\r\n|\r|\n/);
  const italicStyles = new Set<string>();
  let section = '';
  let styleFormat: string[] = [];
  let eventFormat = DEFAULT_EVENT_FORMAT;
  let softBreaks = false;
  const cues: Cue[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '' || line.startsWith(';')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      section = line.slice(1, -1).trim().toLowerCase();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (section === 'script info' && key === 'wrapstyle') softBreaks = value.trim() === '2';
    else if (section.startsWith('v4') && section.includes('styles')) {
      if (key === 'format') styleFormat = fieldList(value);
      else if (key === 'style') {
        const fields = splitFields(value, Math.max(styleFormat.length, 1)) ?? [];
        const name = fields[styleFormat.indexOf('name')] ?? fields[0];
        const italicValue = fields[styleFormat.indexOf('italic')]?.trim();
        if (name !== undefined && italicValue !== undefined && italicValue !== '0') italicStyles.add(name.trim());
      }
    } else if (section === 'events') {
      if (key === 'format') eventFormat = fieldList(value);
      else if (key === 'dialogue') {
        const cue = readDialogue(value, eventFormat, italicStyles, index + 1, lines[index], softBreaks);
        if (cue) cues.push(cue);
      }
    }
  }
  return sortCues(cues);
}

function readTime(field: string | undefined): number {
  if (field === undefined) return -1;
  const ms = readClock(field, 0, field.length);
  return ms >= 0 && field.slice(clockEnd).trim() === '' ? ms : -1;
}

function readDialogue(
  value: string,
  format: string[],
  italicStyles: Set<string>,
  lineNumber: number,
  rawLine: string,
  softBreaks: boolean,
): Cue | null {
  const fields = splitFields(value, format.length);
  const at = (name: string) =>
    fields === null || format.indexOf(name) === -1 ? undefined : fields[format.indexOf(name)];
  const start = readTime(at('start'));
  const end = readTime(at('end'));
  const text = at('text');
  if (fields === null || text === undefined)
    throw new SubtitleParseError(
      lineNumber,
      `the Dialogue line ${quoteLine(rawLine)} has fewer fields than its Format line`,
    );
  if (start < 0 || end < 0)
    throw new SubtitleParseError(
      lineNumber,
      `the Dialogue times '${at('start')?.trim()}' and '${at('end')?.trim()}' are not valid times`,
    );
  const plain = assTextToPlain(text, italicStyles.has((at('style') ?? '').trim()), softBreaks);
  // A line that only draws (a logo, a box behind signs) has no words: not a cue. An empty line stays, as in every format.
  if (plain.text === '' && /\\p[1-9]/.test(text)) return null;
  // Ending before it starts: kept, with no length, for the editor to flag.
  const cue: Cue = { start, end: Math.max(start, end), text: plain.text };
  const speaker = at('name')?.trim();
  if (speaker) cue.speaker = speaker;
  if (plain.italic) cue.italic = true;
  return cue;
}

export interface AssWriteOptions {
  /** Shown as the script title in players and editors. */
  title?: string;
}

const STYLE_FORMAT =
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding';
// White text, black outline and shadow, bottom centre, sized for the 1920×1080 script resolution.
const DEFAULT_STYLE =
  'Style: Default,Arial,64,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,3,1,2,80,80,50,1';

function assDialogueText(cue: Cue): string {
  const body = cueLines(cue.text.replaceAll('{', '｛').replaceAll('}', '｝')).join('\\N');
  return cue.italic && body !== '' ? `{\\i1}${body}` : body;
}

export function writeAss(cues: readonly Cue[], options: AssWriteOptions = {}): string {
  const sorted = sortCues(cues);
  const title = (options.title ?? 'Polycue subtitles').replace(/[\r\n]+/g, ' ');
  let out =
    `[Script Info]\n; Written by Polycue\nTitle: ${title}\nScriptType: v4.00+\nWrapStyle: 0\nScaledBorderAndShadow: yes\nPlayResX: 1920\nPlayResY: 1080\n\n` +
    `[V4+ Styles]\n${STYLE_FORMAT}\n${DEFAULT_STYLE}\n\n` +
    `[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n`;
  for (let i = 0; i < sorted.length; i++) {
    const cue = sorted[i];
    assertWritableCue(cue, i);
    // The Name field cannot hold a comma (it would shift every later field).
    const name = (cue.speaker ?? '').replace(/[,\s]+/g, ' ').trim();
    out += `Dialogue: 0,${formatAssClock(cue.start)},${formatAssClock(cue.end)},Default,${name},0,0,0,,${assDialogueText(cue)}\n`;
  }
  return out;
}
