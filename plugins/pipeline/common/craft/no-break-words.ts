/**
 * Words a line or a cue must not end with, per language: articles, determiners, possessives,
 * prepositions and coordinating conjunctions, which belong with the word that follows them
 * (Netflix: "do not separate an article from its noun, a preposition from what follows";
 * BBC: break before a conjunction, not after it). Ambiguous forms that are often pronouns at the
 * end of a clause (English "her", "that") are left out, so a correct break is not reported.
 */
const NO_BREAK_AFTER: Record<string, readonly string[]> = {
  en: [
    'a', 'an', 'the', 'this', 'these', 'those', 'my', 'your', 'his', 'its', 'our', 'their', 'every', 'each',
    'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'into', 'onto', 'about', 'over', 'under',
    'between', 'through', 'during', 'without', 'within', 'upon', 'across', 'against', 'among', 'toward',
    'towards', 'via', 'and', 'or', 'but', 'nor',
  ],
  es: [
    'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo', 'al', 'del', 'este', 'esta', 'estos', 'estas',
    'ese', 'esa', 'esos', 'esas', 'aquel', 'aquella', 'aquellos', 'aquellas', 'mi', 'mis', 'tu', 'tus', 'su',
    'sus', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'cada', 'de', 'a', 'en', 'con', 'por', 'para', 'sin',
    'sobre', 'entre', 'hacia', 'hasta', 'desde', 'contra', 'según', 'tras', 'ante', 'bajo', 'y', 'e', 'o', 'u',
    'ni',
  ],
  fr: [
    'le', 'la', 'les', "l'", 'un', 'une', 'des', 'du', 'au', 'aux', 'ce', 'cet', 'cette', 'ces', 'mon', 'ma',
    'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs', 'chaque',
    'de', "d'", 'à', 'en', 'dans', 'par', 'pour', 'sur', 'sous', 'avec', 'sans', 'chez', 'vers', 'entre',
    'et', 'ou', 'ni',
  ],
  de: [
    'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines', 'kein',
    'keine', 'keinen', 'mein', 'meine', 'dein', 'deine', 'sein', 'seine', 'ihre', 'unser', 'unsere', 'euer',
    'eure', 'dieser', 'diese', 'dieses', 'diesen', 'diesem', 'jeder', 'jede', 'jedes', 'in', 'im', 'an',
    'am', 'auf', 'aus', 'bei', 'beim', 'mit', 'nach', 'von', 'vom', 'zu', 'zum', 'zur', 'für', 'durch',
    'gegen', 'ohne', 'um', 'über', 'unter', 'vor', 'hinter', 'neben', 'zwischen', 'und', 'oder', 'aber',
  ],
  ca: [
    'el', 'la', 'els', 'les', "l'", 'un', 'una', 'uns', 'unes', 'aquest', 'aquesta', 'aquests', 'aquestes',
    'aquell', 'aquella', 'aquells', 'aquelles', 'cada', 'de', "d'", 'a', 'al', 'als', 'del', 'dels', 'pel',
    'pels', 'en', 'amb', 'per', 'sense', 'sobre', 'entre', 'cap', 'fins', 'contra', 'i', 'o', 'ni',
  ],
  pt: [
    'o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas', 'este', 'esta', 'estes', 'estas', 'esse', 'essa',
    'esses', 'essas', 'aquele', 'aquela', 'meu', 'minha', 'teu', 'tua', 'seu', 'sua', 'nosso', 'nossa',
    'cada', 'de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'nos', 'nas', 'ao', 'aos', 'à', 'às', 'por',
    'pelo', 'pela', 'pelos', 'pelas', 'para', 'com', 'sem', 'sobre', 'entre', 'até', 'desde', 'contra', 'e',
    'ou', 'nem',
  ],
};

const SETS = new Map(Object.entries(NO_BREAK_AFTER).map(([language, words]) => [language, new Set(words)]));
const EMPTY = new Set<string>();

/** Languages with a list; others get none rather than English rules. */
export const NO_BREAK_LANGUAGES = Object.keys(NO_BREAK_AFTER);

/** "en-US", "pt_BR", "EN" -> the list of the base language. */
export function noBreakWordsFor(language: string): ReadonlySet<string> {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return SETS.get(base) ?? EMPTY;
}

/**
 * Whether a break right after this word would strand it from the word it introduces. A word
 * carrying punctuation ("the," or "of.") already ends a phrase, so it may end a line.
 */
export function isNoBreakWord(word: string, words: ReadonlySet<string>): boolean {
  const trimmed = word.replace(/^[\s"“«¿¡(]+/u, '').toLowerCase().replace(/’/g, "'");
  if (trimmed === '' || /[.,;:!?…)"”»\-–—]$/u.test(trimmed)) return false;
  return words.has(trimmed);
}
