/**
 * A small XML reader for TTML, the same in Node and browsers (Node has no DOMParser). It builds a
 * plain element tree with local names (namespace prefixes dropped: TTML files use "tt:p", "p" or
 * other prefixes for the same thing) and 1-based line numbers for error messages. Well-formedness
 * is checked where it matters for reading text (matching end tags, closed quotes and comments);
 * DTDs and processing instructions are skipped.
 */
import { SubtitleParseError } from './subtitle-parse-error';

export interface XmlElement {
  name: string;
  /** Attributes by local name ("tts:fontStyle" -> "fontStyle", "xml:id" -> "id"). */
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
  line: number;
}

/** XML's five, and the HTML ones DFXP files from web tools use without declaring them. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '\u2026', mdash: '\u2014', ndash: '\u2013' };
/**
 * Deeper than any real document (TTML nests tt, body, div, p and a few spans); the readers walk
 * the tree recursively, so a crafted file thousands of levels deep is refused here, clearly,
 * instead of overflowing the stack.
 */
const MAX_DEPTH = 100;

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

export function parseXml(xml: string): XmlElement {
  let pos = 0;
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (; counted < index; counted++) if (xml.charCodeAt(counted) === 10) line++;
    return line;
  };
  const fail = (index: number, reason: string): never => {
    throw new SubtitleParseError(lineAt(index), reason);
  };
  const decode = (text: string, at: number) =>
    text.indexOf('&') === -1
      ? text
      : text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
          if (name.startsWith('#')) {
            const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
            return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fail(at, `the character reference ${whole} is not valid`);
          }
          return ENTITIES[name] ?? whole;
        });

  const root: XmlElement = { name: '#document', attributes: {}, children: [], line: 1 };
  const stack: XmlElement[] = [root];
  while (pos < xml.length) {
    const open = xml.indexOf('<', pos);
    const textEnd = open === -1 ? xml.length : open;
    if (textEnd > pos) stack[stack.length - 1].children.push(decode(xml.slice(pos, textEnd), pos));
    if (open === -1) break;
    if (xml.startsWith('<!--', open)) {
      const close = xml.indexOf('-->', open + 4);
      if (close === -1) fail(open, 'a comment is never closed');
      pos = close + 3;
    } else if (xml.startsWith('<![CDATA[', open)) {
      const close = xml.indexOf(']]>', open + 9);
      if (close === -1) fail(open, 'a CDATA section is never closed');
      stack[stack.length - 1].children.push(xml.slice(open + 9, close));
      pos = close + 3;
    } else if (xml.startsWith('<?', open) || xml.startsWith('<!', open)) {
      const close = xml.indexOf('>', open);
      if (close === -1) fail(open, 'a declaration is never closed');
      pos = close + 1;
    } else if (xml.charCodeAt(open + 1) === 47 /* / */) {
      const close = xml.indexOf('>', open);
      if (close === -1) fail(open, 'an end tag is never closed');
      const name = localName(xml.slice(open + 2, close).trim());
      const current = stack[stack.length - 1];
      if (stack.length === 1 || current.name !== name) {
        fail(open, `the end tag </${name}> does not match the open element <${current.name}>`);
      }
      stack.pop();
      pos = close + 1;
    } else {
      pos = readStartTag(open);
    }
  }
  if (stack.length > 1) fail(xml.length, `the element <${stack[stack.length - 1].name}> is never closed`);
  const element = root.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!element) fail(0, 'the file contains no XML element');
  return element as XmlElement;

  function readStartTag(open: number): number {
    const tagPattern = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')|(\/?>)|(\S)/g;
    const nameMatch = /^<([^\s/>]+)/.exec(xml.slice(open, open + 200));
    if (!nameMatch) fail(open, `'<' does not start a tag`);
    const element: XmlElement = { name: localName(nameMatch![1]), attributes: {}, children: [], line: lineAt(open) };
    tagPattern.lastIndex = open + nameMatch![0].length;
    for (;;) {
      const match = tagPattern.exec(xml);
      if (!match) return fail(open, `the tag <${element.name}> is never closed`);
      if (match[5] !== undefined) fail(match.index, `the tag <${element.name}> has a malformed attribute`);
      if (match[4] !== undefined) {
        stack[stack.length - 1].children.push(element);
        if (match[4] === '>') {
          if (stack.length > MAX_DEPTH) fail(open, `elements are nested more than ${MAX_DEPTH} deep`);
          stack.push(element);
        }
        return tagPattern.lastIndex;
      }
      element.attributes[localName(match[1])] = decode(match[2] ?? match[3], match.index);
    }
  }
}
