/**
 * TTML / DFXP (.ttml, .dfxp, .xml). Read leniently: any namespace prefixes, <br/> and nested
 * spans, clock times ("00:00:01.5", "00:00:01:12" with frames), offset times ("12.5s", "500ms",
 * "30f", "900t") using ttp:frameRate, frameRateMultiplier, subFrameRate and tickRate, begin with
 * end or dur, times nested in body/div (a child's times count from its parent's begin), italic
 * from tts:fontStyle on the paragraph, a span or a referenced style, the speaker from ttm:agent.
 * Timing follows TTML's parallel containers: a parent's end cuts its children, a span timed
 * outside its paragraph is not shown, a paragraph timed only by its spans gives a cue per span, a
 * paragraph with a duration and no begin starts with its parent. Fatal: XML that is not
 * well-formed or nested absurdly deep, a time expression that cannot be read, a paragraph without
 * any time or without an end (one that ends before it begins is kept with no length). Written strictly: UTF-8 XML, text escaped,
 * characters XML cannot hold dropped, <br/> between lines, clock times with milliseconds.
 */
import { type Cue, assertWritableCue, cueLines, sortCues } from './cue';
import { hasWords, normalizeCueText } from './markup';
import { SubtitleParseError } from './subtitle-parse-error';
import { decodeSubtitleText } from './text-decoding';
import { formatClockMs } from './timecode';
import { type XmlElement, XmlSyntaxError, readXml } from './xml-reader';

interface TimeBase {
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

interface Context {
  base: TimeBase;
  italicStyles: Set<string>;
  agents: Map<string, string>;
  cues: Cue[];
}

// Hours may be left out ("3:58.640", lyrics files) and the fraction may follow a comma (some DFXP writers).
const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:([.,]\d+)|:(\d+)(?:\.(\d+))?)?$/;
const OFFSET = /^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$/;

function readTimeExpression(value: string, base: TimeBase, line: number): number {
  const text = value.trim();
  const clock = CLOCK.exec(text);
  if (clock) {
    let seconds = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    if (clock[4]) seconds += Number(`0.${clock[4].slice(1)}`);
    if (clock[5])
      seconds += (Number(clock[5]) + (clock[6] ? Number(clock[6]) / base.subFrameRate : 0)) / base.frameRate;
    return Math.round(seconds * 1000);
  }
  const offset = OFFSET.exec(text);
  if (offset) {
    const amount = Number(offset[1]);
    const seconds = {
      h: amount * 3600,
      m: amount * 60,
      s: amount,
      ms: amount / 1000,
      f: amount / base.frameRate,
      t: amount / base.tickRate,
    }[offset[2] as 'h' | 'm' | 's' | 'ms' | 'f' | 't'];
    return Math.round(seconds * 1000);
  }
  throw new SubtitleParseError(line, `the time expression '${text}' is not a valid TTML time`);
}

function readTimeBase(tt: XmlElement): TimeBase {
  const frameRateAttribute = Number(tt.attributes.frameRate);
  const [numerator, denominator] = (tt.attributes.frameRateMultiplier ?? '1 1').trim().split(/\s+/).map(Number);
  const multiplier = numerator > 0 && denominator > 0 ? numerator / denominator : 1;
  const frameRate = (frameRateAttribute > 0 ? frameRateAttribute : 30) * multiplier;
  const subFrameRate = Number(tt.attributes.subFrameRate) > 0 ? Number(tt.attributes.subFrameRate) : 1;
  const tickRateAttribute = Number(tt.attributes.tickRate);
  const tickRate = tickRateAttribute > 0 ? tickRateAttribute : frameRateAttribute > 0 ? frameRate * subFrameRate : 1;
  return { frameRate, subFrameRate, tickRate };
}

function* descendants(element: XmlElement): Generator<XmlElement> {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    yield child;
    yield* descendants(child);
  }
}

function textOf(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** Styles whose tts:fontStyle is italic, following one level of style references. */
function readHead(tt: XmlElement): { italicStyles: Set<string>; agents: Map<string, string> } {
  const italicStyles = new Set<string>();
  const agents = new Map<string, string>();
  const head = tt.children.find((child): child is XmlElement => typeof child !== 'string' && child.name === 'head');
  if (!head) return { italicStyles, agents };
  const styles = [...descendants(head)].filter((element) => element.name === 'style' && element.attributes.id);
  for (const style of styles) if (style.attributes.fontStyle === 'italic') italicStyles.add(style.attributes.id);
  for (const style of styles) {
    const referenced = (style.attributes.style ?? '').split(/\s+/);
    if (style.attributes.fontStyle === undefined && referenced.some((id) => italicStyles.has(id)))
      italicStyles.add(style.attributes.id);
  }
  for (const agent of descendants(head)) {
    if (agent.name !== 'agent' || !agent.attributes.id) continue;
    const name = [...descendants(agent)].find((element) => element.name === 'name');
    agents.set(agent.attributes.id, (name ? textOf(name) : agent.attributes.id).replace(/\s+/g, ' ').trim());
  }
  return { italicStyles, agents };
}

function isItalic(element: XmlElement, context: Context, inherited: boolean): boolean {
  if (element.attributes.fontStyle !== undefined) return element.attributes.fontStyle === 'italic';
  const styles = element.attributes.style;
  if (styles && styles.split(/\s+/).some((id) => context.italicStyles.has(id))) return true;
  return inherited;
}

/** An element's active interval (TTML's parallel timing: its times count from its parent's begin, and its parent's end cuts it). */
function intervalOf(
  element: XmlElement,
  base: TimeBase,
  parentBegin: number,
  parentEnd: number | null,
): { begin: number; end: number | null } {
  const a = element.attributes;
  const begin = a.begin === undefined ? parentBegin : parentBegin + readTimeExpression(a.begin, base, element.line);
  let end = parentEnd;
  if (a.end !== undefined) end = parentBegin + readTimeExpression(a.end, base, element.line);
  else if (a.dur !== undefined) end = begin + readTimeExpression(a.dur, base, element.line);
  if (end !== null && parentEnd !== null && end > parentEnd) end = parentEnd;
  return { begin, end };
}

const isTimed = (element: XmlElement) =>
  element.attributes.begin !== undefined ||
  element.attributes.end !== undefined ||
  element.attributes.dur !== undefined;

/**
 * Paragraph content to text: source whitespace collapses (xml:space default), <br/> breaks lines,
 * and a timed span outside the paragraph's time (`begin`, `end`) is not shown, as in players.
 */
function collectText(
  element: XmlElement,
  context: Context,
  italic: boolean,
  counts: { italic: number; plain: number },
  begin: number,
  end: number,
): string {
  let out = '';
  for (const child of element.children) {
    if (typeof child === 'string') {
      const piece = child.replace(/[ \t\r\n]+/g, ' ');
      out += piece;
      // As SRT's: upright punctuation around italic words leaves the cue italic (markup.ts).
      if (italic ? piece.trim() !== '' : hasWords(piece)) counts[italic ? 'italic' : 'plain']++;
    } else if (child.name === 'br') {
      out += '\n';
    } else if (child.name !== 'metadata') {
      const own = isTimed(child) ? intervalOf(child, context.base, begin, end) : { begin, end };
      if (own.begin >= end || (own.end ?? end) <= begin) continue;
      out += collectText(child, context, isItalic(child, context, italic), counts, own.begin, own.end ?? end);
    }
  }
  return out;
}

function walk(
  element: XmlElement,
  context: Context,
  parentBegin: number,
  parentEnd: number | null,
  italic: boolean,
  agent: string | undefined,
): void {
  const a = element.attributes;
  const { begin, end } = intervalOf(element, context.base, parentBegin, parentEnd);
  const ownItalic = isItalic(element, context, italic);
  const ownAgent = a.agent !== undefined ? a.agent.trim().split(/\s+/)[0] : agent;
  if (element.name !== 'p') {
    // Nothing of a container that begins after its parent ended shows.
    if (parentEnd !== null && begin >= parentEnd) return;
    for (const child of element.children)
      if (typeof child !== 'string') walk(child, context, begin, end, ownItalic, ownAgent);
    return;
  }
  if (!isTimed(element) && parentBegin === 0 && parentEnd === null) {
    // Timing on the spans only (word- or phrase-timed files): each timed span is shown in its own time.
    const spans = element.children.filter((child): child is XmlElement => typeof child !== 'string' && isTimed(child));
    if (spans.length === 0) throw new SubtitleParseError(element.line, 'the paragraph has no begin time');
    for (const span of spans)
      walk(
        { ...span, name: 'p', attributes: { ...a, ...span.attributes } },
        context,
        parentBegin,
        parentEnd,
        ownItalic,
        ownAgent,
      );
    return;
  }
  if (end === null) throw new SubtitleParseError(element.line, 'the paragraph has no end time or duration');
  if (parentEnd !== null && begin >= parentEnd) return;
  const counts = { italic: 0, plain: 0 };
  // Ending before it begins: kept with no length, flagged in the editor, like the other formats.
  const cue: Cue = {
    start: begin,
    end: Math.max(begin, end),
    text: normalizeCueText(collectText(element, context, ownItalic, counts, begin, Math.max(begin, end))),
  };
  const speaker = ownAgent === undefined ? undefined : (context.agents.get(ownAgent) ?? ownAgent);
  if (speaker) cue.speaker = speaker;
  if (counts.italic > 0 && counts.plain === 0) cue.italic = true;
  context.cues.push(cue);
}

/** XML's five, and the HTML ones DFXP files from web tools use without declaring them (any other is kept as written). */
const HTML_ENTITIES = { nbsp: '\u00a0', hellip: '\u2026', mdash: '\u2014', ndash: '\u2013' };

function parseTtmlXml(text: string): XmlElement {
  try {
    return readXml(text, { entities: HTML_ENTITIES, keepUnknownEntities: true });
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new SubtitleParseError(error.line, error.reason);
    throw error;
  }
}

export function readTtml(input: string | Uint8Array): Cue[] {
  const tt = parseTtmlXml(decodeSubtitleText(input));
  if (tt.name !== 'tt') throw new SubtitleParseError(tt.line, `the root element is <${tt.name}>, not <tt>`);
  const context: Context = { base: readTimeBase(tt), ...readHead(tt), cues: [] };
  const body = tt.children.find((child): child is XmlElement => typeof child !== 'string' && child.name === 'body');
  if (body) walk(body, context, 0, null, false, undefined);
  return sortCues(context.cues);
}

export interface TtmlWriteOptions {
  /** BCP 47 language of the text, written as xml:lang (empty when unknown, as TTML allows). */
  language?: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function writeTtml(cues: readonly Cue[], options: TtmlWriteOptions = {}): string {
  const sorted = sortCues(cues);
  const agentIds = new Map<string, string>();
  for (const cue of sorted)
    if (cue.speaker && !agentIds.has(cue.speaker)) agentIds.set(cue.speaker, `speaker${agentIds.size + 1}`);
  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" ' +
    `xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:timeBase="media" xml:lang="${escapeXml(options.language ?? '')}">\n`;
  out += '  <head>\n';
  if (agentIds.size > 0) {
    out += '    <metadata>\n';
    for (const [name, id] of agentIds)
      out += `      <ttm:agent xml:id="${id}" type="person"><ttm:name type="full">${escapeXml(name)}</ttm:name></ttm:agent>\n`;
    out += '    </metadata>\n';
  }
  out += '  </head>\n  <body>\n    <div>\n';
  for (let i = 0; i < sorted.length; i++) {
    const cue = sorted[i];
    assertWritableCue(cue, i);
    const agent = cue.speaker ? ` ttm:agent="${agentIds.get(cue.speaker)}"` : '';
    const italic = cue.italic ? ' tts:fontStyle="italic"' : '';
    const body = cueLines(cue.text).map(escapeXml).join('<br/>');
    out += `      <p begin="${formatClockMs(cue.start, '.')}" end="${formatClockMs(cue.end, '.')}"${agent}${italic}>${body}</p>\n`;
  }
  return `${out}    </div>\n  </body>\n</tt>\n`;
}
