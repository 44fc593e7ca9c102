/**
 * The one XML reader of the app: TTML subtitles, term bases (TBX) and channel feeds (RSS, Atom) all
 * read through it, and it reads through saxes, a well-kept streaming parser that is linear in the
 * input (our own readers were not: a 1 MB TBX of 255,000 empty elements took 2.2 s, issue 22). It
 * builds a plain element tree, the same in Node and browsers (Node has no DOMParser), with local
 * names (namespace prefixes dropped: TTML files write "tt:p", "p" or other prefixes for the same
 * thing; TBX's and RSS's structure is unprefixed anyway) and the 1-based line each element starts
 * on, so a refused file names its line.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** The local name: "tt:p" -> "p". */
  name: string;
  /** Attributes by local name ("tts:fontStyle" -> "fontStyle", "xml:lang" -> "lang"); namespace declarations left out. */
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
  line: number;
}

/** A document that is not well-formed XML: `line` is where the reader gave up. */
export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'XmlSyntaxError';
  }
}

export interface ReadXmlOptions {
  /** Entities beyond XML's five (e.g. the HTML ones DFXP files from web tools use without declaring them). */
  entities?: Record<string, string>;
  /** Keep an entity nobody declared as its literal text ("&nbsp;") instead of refusing the file (feeds in the wild). */
  keepUnknownEntities?: boolean;
}

/**
 * Deeper than any real document (TTML nests tt, body, div, p and a few spans; TBX about eight);
 * the readers walk the tree recursively, so a crafted file thousands of levels deep is refused
 * here, clearly, instead of overflowing the stack.
 */
export const MAX_XML_DEPTH = 100;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** saxes prefixes its messages with "line:column: ". */
const reasonOf = (message: string) => message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');

/** Reads a whole document into its root element, or throws XmlSyntaxError naming the line. */
export function readXml(source: string, options: ReadXmlOptions = {}): XmlElement {
  const parser = new SaxesParser({ position: true });
  if (options.entities) Object.assign(parser.ENTITIES, options.entities);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let tagLine = 1;
  let lastClosed: XmlElement | undefined;

  parser.on('error', (error) => {
    const reason = reasonOf(error.message);
    // saxes goes on after a reported error: the entity stays as its literal text, as browsers show it.
    if (options.keepUnknownEntities && reason === 'undefined entity') return;
    const open = stack.at(-1);
    // saxes has just closed the element the end tag fails to match: name it, and where it opened.
    if (reason === 'unexpected close tag' && lastClosed)
      throw new XmlSyntaxError(
        parser.line,
        `an end tag does not match the open element <${lastClosed.name}> (line ${lastClosed.line})`,
      );
    // saxes reports this at the end of the file; where the element opens is what people look for.
    if (open && reason.startsWith('unclosed tag'))
      throw new XmlSyntaxError(open.line, `the element <${open.name}> is never closed`);
    throw new XmlSyntaxError(parser.line, reason);
  });
  parser.on('opentagstart', () => {
    tagLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_XML_DEPTH)
      throw new XmlSyntaxError(tagLine, `elements are nested more than ${MAX_XML_DEPTH} deep`);
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>)) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      attributes[localName(name)] = value;
    }
    const element: XmlElement = { name: localName(tag.name), attributes, children: [], line: tagLine };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) lastClosed = stack.pop();
  });
  const addText = (text: string) => stack.at(-1)?.children.push(text);
  parser.on('text', addText);
  parser.on('cdata', addText);

  parser.write(source.replace(/^\uFEFF/, '')).close();
  if (!root) throw new XmlSyntaxError(1, 'the file contains no XML element');
  return root;
}

/** The element's text with its descendants' (inline markup such as <hi> kept as plain text). */
export function textOf(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** Child elements, in document order, whose local name is one of `names` (any name when none is given). */
export const childElements = (element: XmlElement, ...names: string[]): XmlElement[] =>
  element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && (names.length === 0 || names.includes(child.name)),
  );
