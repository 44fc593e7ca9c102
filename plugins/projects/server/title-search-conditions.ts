/**
 * The list's title search as SQL conditions over `v` (project_versions): every typed word must
 * begin a word of the title, through the title-word index (title-search-migrations.ts).
 */
/** The title's words, stored ('simple': lower case, no stemming; title-search-migrations.ts) and indexed. */
const TITLE_WORDS = 'v.title_words';

/** The typed words as search terms: lower case, letters and digits only (nothing else reaches the query). */
function searchTerms(words: string[]): string[] {
  return words.flatMap((word) => word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/**
 * The typed words as terms the list model (list-model/) matches exactly as PostgreSQL would, or
 * null when one might not be: PostgreSQL's parser reads a term again inside to_tsquery, and a
 * sweep of 150,000 random ASCII letter-and-digit terms found it keeps every one as typed except
 * those that begin with digits and an "e" ("98e3fa" is a number in scientific notation and a word,
 * searched as a phrase). Letters outside ASCII may lower-case differently in JavaScript and in the
 * database's locale. Those searches go to SQL.
 */
export function modelSearchTerms(words: string[]): string[] | null {
  const terms = searchTerms(words);
  return terms.every((term) => /^[a-z0-9]+$/.test(term) && !/^[0-9]+e/.test(term)) ? terms : null;
}

/** ["clip", "11"] -> `clip:* & 11:*`: every typed word must begin a word of the title. */
const prefixQuery = (terms: string[]) => terms.map((term) => `${term}:*`).join(' & ');

/**
 * A prefix this short begins a large share of all title words: in the GIN index "5:*" is every
 * number starting with 5, 111,000 lexemes at a million titles, and merging them took 8 ms of a
 * 9 ms search for "w0042harbor 5". Beside a longer term, short ones are tested on the rows the
 * longer terms find instead (3.9 ms, same rows).
 */
const SHORT_TERM_LENGTH = 2;

/** The title-search conditions: the index's part (longer terms) and, when short terms were left out of it, the whole query tested per row. */
export function titleSearchConditions(words: string[], add: (value: unknown) => string): string[] | null {
  const terms = searchTerms(words);
  // Only punctuation typed: no word can match it.
  if (terms.length === 0) return null;
  const indexed = terms.filter((term) => term.length > SHORT_TERM_LENGTH);
  const all = `to_tsquery('simple'::regconfig, ${add(prefixQuery(terms))})`;
  if (indexed.length === 0 || indexed.length === terms.length) return [`${TITLE_WORDS} @@ ${all}`];
  // ts_match_vq is the function behind @@: the same test, but not one the planner can hand to the index.
  return [
    `${TITLE_WORDS} @@ to_tsquery('simple'::regconfig, ${add(prefixQuery(indexed))})`,
    `ts_match_vq(${TITLE_WORDS}, ${all})`,
  ];
}
