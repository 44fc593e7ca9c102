import { CsvError, parse } from 'csv-parse/sync';
import { TERM_MAX_LENGTH, type Terms } from '../common/termbases-contract';
import { ImportRefusal } from './import-refusal';

const LANGUAGE = /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/;
const LINE_BREAK = /\r\n|\n|\r/g;

interface Row {
  /** The line the row starts on (a quoted cell may carry line breaks, so a row can span lines). */
  line: number;
  cells: string[];
}

const invalid = (message: string) => new ImportRefusal(message);

/**
 * The rows of a CSV or TSV file, read by csv-parse (RFC 4180: quoted cells may hold the
 * separator, `""` and line breaks). Lenient where glossaries from spreadsheets are: a stray
 * quote inside a cell (`5" screen`) is a character, rows may differ in length (checked by the
 * caller, which names the line), blank rows are skipped, cells are trimmed.
 */
function readRows(content: string): Row[] {
  const firstLine =
    content
      .replace(/^\uFEFF/, '')
      .split(LINE_BREAK)
      .find((line) => line.trim()) ?? '';
  try {
    const records = parse(content, {
      bom: true,
      delimiter: firstLine.includes('\t') ? '\t' : ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]; // `info: true` wraps each record; the overloads do not say so
    // csv-parse counts the line a record ends on; a row is named by the line it starts on.
    return records.map(({ record, info }) => ({
      line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(LINE_BREAK)?.length ?? 0), 0),
      cells: record,
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      if (error.code === 'CSV_QUOTE_NOT_CLOSED')
        throw invalid(`Line ${error.lines}: a quote is opened and never closed`);
      throw invalid(`Line ${error.lines}: this line cannot be read as CSV`);
    }
    throw error;
  }
}

/**
 * Terms from a CSV or TSV glossary, all or nothing, in the two layouts people bring:
 * - Google's: a header row of language codes ("en,es,fr"), then a term per language;
 * - DeepL's: no header, two columns, source and target: the term base's first two languages.
 * A row that cannot be read is refused with its line number; nothing is imported then.
 */
export function parseGlossary(content: string, languages: readonly string[]): Terms[] {
  const rows = readRows(content);
  const first = rows[0]?.line === 1 ? rows[0].cells : [];
  const header =
    first.every((cell) => LANGUAGE.test(cell)) && first.length >= 2
      ? first.map((cell) => cell.toLowerCase().slice(0, 2))
      : null;
  const columns = header ?? languages.slice(0, 2);
  for (const language of columns) {
    if (!languages.includes(language)) throw invalid(`Line 1: this term base has no language "${language}"`);
  }
  const entries: Terms[] = [];
  for (const { line, cells } of header ? rows.slice(1) : rows) {
    if (cells.length !== columns.length)
      throw invalid(`Line ${line}: ${columns.length} terms expected, ${cells.length} found`);
    const terms: Terms = {};
    columns.forEach((language, column) => {
      const term = cells[column]!;
      if ([...term].length > TERM_MAX_LENGTH)
        throw invalid(`Line ${line}: a term is too long (maximum is ${TERM_MAX_LENGTH} characters)`);
      if (term) terms[language] = term;
    });
    if (Object.keys(terms).length > 0) entries.push(terms);
  }
  if (entries.length === 0) throw invalid('The file holds no terms');
  return entries;
}
