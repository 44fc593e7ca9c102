import { TERM_MAX_LENGTH, type Terms } from '../common/termbases-contract';
import { ImportRefusal } from './import-refusal';
import {
  childElements,
  readXml,
  textOf,
  XmlSyntaxError,
  type XmlElement,
} from '../../subtitles/common/formats/xml-reader';

/**
 * Terms from a TBX file (ISO 30042, TBX-Basic): version 2 (`<martif>`, `<termEntry>`, `<langSet>`,
 * `<tig>`/`<ntig><termGrp>` around `<term>`) and version 3 (`<tbx>`, `<conceptEntry>`, `<langSec>`,
 * `<termSec>` around `<term>`). One concept entry becomes one term-base entry.
 */

/** A TBX file: by name when the browser gave one, else by its first characters (no CSV starts with an XML declaration or a TBX root). */
export function looksLikeTbx(content: string, fileName?: string): boolean {
  if (fileName && /\.(tbx|xml)$/i.test(fileName)) return true;
  const head = content
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4096);
  return /^<(\?xml|!--|!DOCTYPE)/i.test(head) || /<(martif|tbx)[\s>]/.test(head);
}

export interface TbxImport {
  entries: Terms[];
  /** Languages of the file the term base lacks: their terms were left out. */
  skippedLanguages: string[];
}

const refuse = (line: number, reason: string) => new ImportRefusal(`Line ${line}: ${reason}`);

/**
 * The term base's language for a TBX language tag: the tag itself ("pt-br" if the term base had
 * it; its languages are ISO 639-1 codes so this is rare), else its primary subtag ("en-US" -> "en").
 */
function termbaseLanguage(tag: string, languages: readonly string[]): string | null {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (languages.includes(lower)) return lower;
  const primary = lower.split('-')[0]!;
  return languages.includes(primary) ? primary : null;
}

/** Every concept entry, wherever the file puts it (normally <text><body>); entries do not nest. */
function conceptEntries(root: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const element = pending.pop()!;
    if (element.name === 'termEntry' || element.name === 'conceptEntry') found.push(element);
    else
      for (let i = element.children.length - 1; i >= 0; i--)
        if (typeof element.children[i] !== 'string') pending.push(element.children[i] as XmlElement);
  }
  return found;
}

/** The first <term> under a language section, in document order: tig/term, ntig/termGrp/term or termSec/term. */
function firstTerm(element: XmlElement): XmlElement | null {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'term') return child;
    const inner = firstTerm(child);
    if (inner) return inner;
  }
  return null;
}

/**
 * Reads a TBX file, all or nothing: a malformed file is refused naming its line.
 *
 * Decisions:
 * - A language the term base lacks is skipped, not refused: TBX files are often exports of a
 *   larger multilingual glossary, and a term base is usually made for a few of its languages.
 *   Only when nothing at all could be imported does the message name the file's languages, so
 *   people see why (the 200 answer lists them too, as meta.skippedLanguages).
 * - Several terms for one language in one entry (synonyms, e.g. a full form and an abbreviation):
 *   a term base keeps one term per language, so the first is taken: TBX-Basic lists the
 *   preferred term first, and its administrative status is seldom filled in to say otherwise.
 *   Likewise two language sections that map to the same language ("en-US", "en-GB"): the first.
 * - An entry with a term in only one of the term base's languages is kept, as add_entry and the
 *   CSV import keep one.
 */
export function parseTbx(content: string, languages: readonly string[]): TbxImport {
  let root: XmlElement;
  try {
    root = readXml(content);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw refuse(error.line, `${error.reason} (this is not well-formed XML)`);
    throw error;
  }
  if (root.name !== 'martif' && root.name !== 'tbx')
    throw refuse(root.line, `<${root.name}> is not a TBX file's root element (expected <martif> or <tbx>)`);

  const entries: Terms[] = [];
  const skipped = new Set<string>();
  let termsSeen = 0;
  for (const entry of conceptEntries(root)) {
    const terms: Terms = {};
    for (const section of childElements(entry, 'langSet', 'langSec')) {
      const tag = section.attributes['lang'];
      if (!tag?.trim()) throw refuse(section.line, `<${section.name}> has no xml:lang attribute`);
      const term = firstTerm(section);
      if (!term) throw refuse(section.line, `<${section.name} xml:lang="${tag}"> holds no <term>`);
      const text = textOf(term).trim().replace(/\s+/g, ' ');
      if ([...text].length > TERM_MAX_LENGTH)
        throw refuse(term.line, `a term is too long (maximum is ${TERM_MAX_LENGTH} characters)`);
      if (!text) continue;
      termsSeen++;
      const language = termbaseLanguage(tag, languages);
      if (!language) skipped.add(tag.trim());
      else terms[language] ??= text;
    }
    if (Object.keys(terms).length > 0) entries.push(terms);
  }
  if (entries.length === 0) {
    if (termsSeen === 0) throw new ImportRefusal('The file holds no terms');
    throw new ImportRefusal(
      `The file holds no terms in this term base’s languages (${languages.join(', ')}); it has ${[...skipped].join(', ')}`,
    );
  }
  return { entries, skippedLanguages: [...skipped] };
}
