/**
 * Cue text arrives with formatting the product does not edit: HTML-like tags in SRT and WebVTT
 * (<i>, <b>, <u>, <font color=…>, <c.yellow>, <v Speaker>, <00:00:01.000>), ASS override blocks
 * pasted into SRT ({\an8}, {\i1}). They are stripped to plain text; two things survive because
 * they are cheap and matter: whether the whole cue is italic, and the WebVTT voice (speaker).
 *
 * Italics of part of a cue ("Hello <i>world</i>") cannot be kept: a cue is plain text with one
 * italic flag (no rich text, docs/decisions.md). Its words are kept, upright. The cue is italic
 * when all its words are: upright text with no letter or digit (a dialogue dash, "♪", a full stop
 * after the closing tag) does not make it upright (hasWords). No majority rule: italicising the
 * upright words of "<i>Who's there?</i> - Me." would move the answer off screen, while dropping
 * the italics of a word stressed loses only the stress.
 */

/** Set by each `cleanCueText` call (module-level out-parameters: no result object per cue). */
export let cleanedItalic = false;
export let cleanedSpeaker: string | undefined;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  quot: '"',
  apos: "'",
  lrm: '\u200e',
  rlm: '\u200f',
};

// Control characters old tools leave in text (a bell, ESC, a backspace): players show none, and
// the editor's save refuses them, so a cue that kept one could never be saved again.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f]/g;

/**
 * Trims every line, collapses runs of spaces and tabs (a form feed or vertical tab is a space),
 * drops empty lines and control characters (no-break spaces are kept: French typography needs
 * them). Every reader ends with this so that "Hello   world " from any format is the same cue text.
 */
export function normalizeCueText(text: string): string {
  // Most cue text is already tidy: one quick pass to find out, with printable characters first.
  const last = text.length - 1;
  let needsWork = false;
  for (let i = 0; i <= last; i++) {
    const code = text.charCodeAt(i);
    if (code > 32) continue;
    if (code === 32 || code === 10) {
      if (i === 0 || i === last) needsWork = true;
      else {
        const next = text.charCodeAt(i + 1);
        needsWork = next === 32 || next === 10 || (code === 32 && text.charCodeAt(i - 1) === 10);
      }
    } else {
      needsWork = true; // tab, CR, another control character
    }
    if (needsWork) break;
  }
  if (!needsWork) return text;
  const lines = text.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const collapsed = line
      .replace(CONTROL_CHARACTERS, '')
      .replace(/[ \t\r\v\f]+/g, ' ')
      .replace(/^ | $/g, '');
    if (collapsed !== '') kept.push(collapsed);
  }
  return kept.join('\n');
}

/**
 * The next `char` of `text` at or after `from`, reusing `found` (the last answer) while it still
 * lies ahead: a scanner asking at every "<" or "{" without rescanning to the end each time (which
 * made a cue full of unclosed "<" quadratic). -1 when none is left; pass -2 to look afresh.
 */
export function nextIndexOf(text: string, char: string, from: number, found: number): number {
  return found === -1 || found >= from ? found : text.indexOf(char, from);
}

function hasVisibleText(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = s.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return true;
  }
  return false;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Whether `text` (from `from` to before `to`) holds a letter or a digit of any script: what makes
 * a cue's upright text words rather than punctuation around italics (the readers' italic rule,
 * above). ASCII is checked without the regular expression: nearly all cue text is.
 */
export function hasWords(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      const lower = code | 32;
      if ((code >= 48 && code <= 57) || (lower >= 97 && lower <= 122)) return true;
      continue;
    }
    const point = text.codePointAt(i)!;
    if (WORD_CHARACTER.test(String.fromCodePoint(point))) return true;
    if (point > 0xffff) i++;
  }
  return false;
}

/** A tag name after "<" or "</": ASCII letters, or a WebVTT timestamp when `digitsAllowed`. */
function isTagStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function decodeEntity(raw: string, from: number): { value: string; end: number } | null {
  const semicolon = raw.indexOf(';', from);
  if (semicolon === -1 || semicolon - from > 10) return null;
  const name = raw.slice(from + 1, semicolon);
  if (name.charCodeAt(0) === 35) {
    const hex = name.charCodeAt(1) === 120 || name.charCodeAt(1) === 88;
    const codePoint = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
    if (!Number.isFinite(codePoint) || codePoint < 1 || codePoint > 0x10ffff) return null;
    // A surrogate alone is no character (HTML and browsers show U+FFFD); kept, it broke the save.
    const value = codePoint >= 0xd800 && codePoint <= 0xdfff ? '\ufffd' : String.fromCodePoint(codePoint);
    return { value, end: semicolon + 1 };
  }
  const value = NAMED_ENTITIES[name];
  return value === undefined ? null : { value, end: semicolon + 1 };
}

/**
 * Strips SRT/WebVTT markup (see the module comment) and returns the plain text; sets
 * `cleanedItalic` and `cleanedSpeaker`. A "<" that does not start a tag ("a < b", "<3") and a "{"
 * that does not start an override block stay as text. WebVTT entities are decoded.
 */
export function cleanCueText(raw: string, vtt: boolean): string {
  cleanedItalic = false;
  cleanedSpeaker = undefined;
  if (raw.indexOf('<') === -1 && raw.indexOf('{') === -1 && (!vtt || raw.indexOf('&') === -1))
    return normalizeCueText(raw);
  let out = '';
  let last = 0;
  let italicDepth = 0;
  let sawItalic = false;
  let sawPlain = false;
  let i = 0;
  // The next ">", "\n" and "}", reused until passed (nextIndexOf: 6 s → 0.1 s for a 1.3 MB cue of unclosed "<").
  let nextGt = -2;
  let nextNewline = -2;
  let nextBrace = -2;
  const after = (found: number, char: string, from: number) => nextIndexOf(raw, char, from, found);
  while (i < raw.length) {
    const code = raw.charCodeAt(i);
    let skipTo = -1;
    let insert = '';
    let nextDepth = italicDepth;
    if (code === 60 /* < */) {
      const close = (nextGt = after(nextGt, '>', i + 1));
      const newline = (nextNewline = after(nextNewline, '\n', i + 1));
      const slash = raw.charCodeAt(i + 1) === 47;
      const first = raw.charCodeAt(slash ? i + 2 : i + 1);
      if (
        close !== -1 &&
        (newline === -1 || close < newline) &&
        (isTagStart(first) || (vtt && !slash && first >= 48 && first <= 57))
      ) {
        const body = raw.slice(slash ? i + 2 : i + 1, close);
        const nameEnd = body.search(/[\s.>/]|$/);
        const name = body.slice(0, nameEnd).toLowerCase();
        // "<br>", "<br/>": a line break in files made from HTML (players break there); dropped, it glued two words.
        if (name === 'br') insert = '\n';
        else if (name === 'i') nextDepth = slash ? Math.max(0, italicDepth - 1) : italicDepth + 1;
        // A WebVTT ruby annotation (the reading above "漢") is not part of the line's text.
        else if (name === 'rt' && !slash && vtt) {
          const rtEnd = raw.indexOf('</rt>', close);
          if (rtEnd !== -1) {
            skipTo = rtEnd + 5;
            nextGt = nextNewline = -2;
          }
        } else if (name === 'v' && !slash && cleanedSpeaker === undefined) {
          const annotation = body.slice(body.search(/\s|$/)).trim();
          if (annotation !== '')
            cleanedSpeaker = annotation.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
        }
        if (skipTo === -1) skipTo = close + 1;
      }
    } else if (code === 123 /* { */ && raw.charCodeAt(i + 1) === 92 /* \ */) {
      const close = (nextBrace = after(nextBrace, '}', i + 2));
      if (close !== -1) {
        const italicSwitch = /\\i([01])(?![0-9])/.exec(raw.slice(i + 1, close));
        if (italicSwitch) nextDepth = italicSwitch[1] === '1' ? 1 : 0;
        skipTo = close + 1;
      }
    } else if (code === 38 /* & */ && vtt) {
      const entity = decodeEntity(raw, i);
      if (entity) {
        insert = entity.value;
        skipTo = entity.end;
      }
    }
    if (skipTo === -1) {
      i++;
      continue;
    }
    // Text before the markup was written in the italic state before it.
    if (italicDepth > 0) {
      if (hasVisibleText(raw, last, i) || insert.trim() !== '') sawItalic = true;
    } else if (hasWords(raw, last, i) || hasWords(insert)) sawPlain = true;
    out += raw.slice(last, i) + insert;
    italicDepth = nextDepth;
    i = last = skipTo;
  }
  if (italicDepth > 0) {
    if (hasVisibleText(raw, last, raw.length)) sawItalic = true;
  } else if (hasWords(raw, last, raw.length)) sawPlain = true;
  out += raw.slice(last);
  cleanedItalic = sawItalic && !sawPlain;
  return normalizeCueText(out);
}
