/**
 * A small XML reader for the subset term-base exchange files use (TBX): elements, attributes in
 * either quote style, text, CDATA, comments, processing instructions and a DOCTYPE (skipped, its
 * internal subset too), the five predefined entities and character references. No DTD entities,
 * no validation. It exists so TBX import needs no XML dependency; every element keeps the line it
 * starts on so a refused file names its line, like the CSV import does.
 */

export interface XmlElement {
  /** The local name: a namespace prefix ("tbx:term") is dropped; TBX's structure is unprefixed anyway. */
  name: string;
  /** Attributes by their full name ("xml:lang", "type"). */
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
  line: number;
}

/** A malformed document: `line` is where the reader gave up. */
export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** TBX nests about eight deep; the limit keeps a hostile file from exhausting memory or the stack of anything walking the tree. */
const MAX_DEPTH = 100;
const NAME = /^[A-Za-z_][\w.:-]*$/;
const TAG_NAME = /[^\s/<>]*/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Replaces entity and character references in a text starting on `line`; an unknown entity (e.g. &nbsp;, which only a DTD could define) is an error. */
function decode(text: string, line: number): string {
  if (!text.includes('&')) return text;
  let counted = 0;
  return text.replace(/&([^;\s&<]*);?/g, (whole, ref: string, offset: number) => {
    // The line of this reference, not of the text's start: a text may span many lines.
    for (let i = text.indexOf('\n', counted); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    counted = offset;
    if (!whole.endsWith(';')) throw new XmlSyntaxError(line, `"&" must start an entity such as &amp; (found "${whole.slice(0, 12)}")`);
    const code = /^#x([0-9a-f]+)$/i.exec(ref)?.[1] ? parseInt(ref.slice(2), 16) : /^#\d+$/.test(ref) ? parseInt(ref.slice(1), 10) : null;
    if (code !== null) {
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlSyntaxError(line, `invalid character reference "${whole}"`);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value === undefined) throw new XmlSyntaxError(line, `unknown entity "${whole}"`);
    return value;
  });
}

/** Reads a whole document into its root element, or throws XmlSyntaxError naming the line. */
export function readXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let pos = 0;
  let line = 1;
  /** Moves to `to`, counting the lines passed. */
  const advance = (to: number) => {
    for (let i = text.indexOf('\n', pos); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) line++;
    pos = to;
  };
  const until = (marker: string, what: string) => {
    const end = text.indexOf(marker, pos);
    if (end === -1) throw new XmlSyntaxError(line, `${what} is never closed`);
    return end;
  };

  /** The ">" ending the tag at `pos`; a ">" inside a quoted attribute value does not end it. */
  const tagEnd = () => {
    let quote = '';
    for (let i = pos + 1; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return i;
      else if (c === '<') break;
    }
    throw new XmlSyntaxError(line, 'a tag is never closed (">" missing)');
  };

  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const addText = (value: string) => {
    const parent = stack.at(-1);
    if (parent) parent.children.push(value);
    else if (value.trim()) throw new XmlSyntaxError(line, 'text outside the root element');
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt !== pos) {
      const end = lt === -1 ? text.length : lt;
      const startLine = line;
      const raw = text.slice(pos, end);
      if (raw.includes(']]>')) throw new XmlSyntaxError(startLine, '"]]>" outside a CDATA section');
      advance(end);
      addText(decode(raw, startLine));
      continue;
    }
    if (text.startsWith('<!--', pos)) advance(until('-->', 'A comment') + 3);
    else if (text.startsWith('<![CDATA[', pos)) {
      const end = until(']]>', 'A CDATA section');
      const value = text.slice(pos + 9, end);
      if (stack.length === 0) throw new XmlSyntaxError(line, 'CDATA outside the root element');
      advance(end + 3);
      addText(value);
    } else if (text.startsWith('<?', pos)) advance(until('?>', 'A processing instruction') + 2);
    else if (text.startsWith('<!DOCTYPE', pos)) {
      // The internal subset ("[...]") may hold ">" inside; skip to the ">" after its closing "]".
      const bracket = text.indexOf('[', pos);
      const close = text.indexOf('>', pos);
      if (bracket !== -1 && (close === -1 || bracket < close)) advance(until(']', 'The DOCTYPE') + 1);
      advance(until('>', 'The DOCTYPE') + 1);
    } else if (text.startsWith('</', pos)) {
      const end = until('>', 'A closing tag');
      const name = text.slice(pos + 2, end).trim();
      const open = stack.pop();
      if (!open) throw new XmlSyntaxError(line, `closing tag </${name}> with no element open`);
      if (localName(name) !== open.name) throw new XmlSyntaxError(line, `closing tag </${name}> does not match <${open.name}> opened on line ${open.line}`);
      advance(end + 1);
    } else {
      const startLine = line;
      TAG_NAME.lastIndex = pos + 1;
      const name = TAG_NAME.exec(text)![0];
      if (!NAME.test(name)) throw new XmlSyntaxError(startLine, name ? `"<${name}" is not a valid tag` : '"<" must start a tag (write &lt; for a literal "<")');
      const end = tagEnd();
      const body = text.slice(pos + 1, end);
      const selfClosing = body.endsWith('/');
      const inner = selfClosing ? body.slice(0, -1) : body;
      const element: XmlElement = { name: localName(name), attributes: {}, children: [], line: startLine };
      let rest = inner.slice(name.length);
      while (rest.trim()) {
        if (!/^\s/.test(rest)) throw new XmlSyntaxError(startLine, `attributes of <${name}> must be separated by spaces`);
        rest = rest.trimStart();
        ATTRIBUTE.lastIndex = 0;
        const match = ATTRIBUTE.exec(rest);
        if (!match) throw new XmlSyntaxError(startLine, `malformed attribute in <${name}> (expected name="value")`);
        if (match[1]! in element.attributes) throw new XmlSyntaxError(startLine, `attribute "${match[1]}" given twice in <${name}>`);
        const value = match[2] ?? match[3]!;
        if (value.includes('<')) throw new XmlSyntaxError(startLine, `"<" in an attribute value of <${name}>`);
        element.attributes[match[1]!] = decode(value, startLine).replace(/\s/g, ' ');
        rest = rest.slice(match[0].length);
      }
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new XmlSyntaxError(startLine, `a second root element <${name}>`);
      else root = element;
      if (!selfClosing) {
        if (stack.length >= MAX_DEPTH) throw new XmlSyntaxError(startLine, `elements nested more than ${MAX_DEPTH} deep`);
        stack.push(element);
      }
      advance(end + 1);
    }
  }
  const unclosed = stack.at(-1);
  if (unclosed) throw new XmlSyntaxError(unclosed.line, `<${unclosed.name}> is never closed`);
  if (!root) throw new XmlSyntaxError(1, 'no root element');
  return root;
}

/** The element's text with its descendants' (inline markup such as <hi> kept as plain text). */
export function textOf(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** Child elements, in document order, whose local name is one of `names`. */
export const childElements = (element: XmlElement, ...names: string[]): XmlElement[] =>
  element.children.filter((child): child is XmlElement => typeof child !== 'string' && names.includes(child.name));
