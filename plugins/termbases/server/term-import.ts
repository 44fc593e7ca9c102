import { TERM_MAX_LENGTH, type Terms } from '../common/termbases-contract';
import { ImportRefusal } from './import-refusal';

/** Splits one CSV/TSV line, honouring double quotes ("a, b" and "" inside them). */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      out.push(cell);
      cell = '';
    }
    else cell += c;
  }
  out.push(cell);
  return out.map((value) => value.trim());
}

const LANGUAGE = /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/;

/**
 * Terms from a CSV or TSV glossary, all or nothing, in the two layouts people bring:
 * - Google's: a header row of language codes ("en,es,fr"), then a term per language;
 * - DeepL's: no header, two columns, source and target: the term base's first two languages.
 * A line that cannot be read is refused with its number; nothing is imported then.
 */
export function parseGlossary(content: string, languages: readonly string[]): Terms[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const separator = lines.find((line) => line.trim())?.includes('\t') ? '\t' : ',';
  const first = cells(lines[0] ?? '', separator);
  const header = first.every((cell) => LANGUAGE.test(cell)) && first.length >= 2 ? first.map((cell) => cell.toLowerCase().slice(0, 2)) : null;
  const columns = header ?? languages.slice(0, 2);
  for (const language of columns) {
    if (!languages.includes(language)) throw new ImportRefusal(`Line 1: this term base has no language "${language}"`);
  }
  const entries: Terms[] = [];
  lines.forEach((line, index) => {
    if ((header && index === 0) || !line.trim()) return;
    const values = cells(line, separator);
    if (values.length !== columns.length) throw new ImportRefusal(`Line ${index + 1}: ${columns.length} terms expected, ${values.length} found`);
    const terms: Terms = {};
    columns.forEach((language, column) => {
      const term = values[column]!;
      if ([...term].length > TERM_MAX_LENGTH) throw new ImportRefusal(`Line ${index + 1}: a term is too long (maximum is ${TERM_MAX_LENGTH} characters)`);
      if (term) terms[language] = term;
    });
    if (Object.keys(terms).length > 0) entries.push(terms);
  });
  if (entries.length === 0) throw new ImportRefusal('The file holds no terms');
  return entries;
}
