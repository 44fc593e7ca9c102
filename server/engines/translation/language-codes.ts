/**
 * Apertium names languages by ISO 639-3 (`eng-spa`) or, in older pairs, ISO 639-1 (`fr-es`);
 * the app speaks ISO 639-1. Codes with no two-letter form (Asturian `ast`) stay as they are.
 */
const THREE_TO_TWO: Record<string, string> = {
  afr: 'af', ara: 'ar', arb: 'ar', arg: 'an', bel: 'be', bre: 'br', bul: 'bg', cat: 'ca', ces: 'cs', cos: 'co', cym: 'cy',
  dan: 'da', deu: 'de', ell: 'el', eng: 'en', epo: 'eo', est: 'et', eus: 'eu', fao: 'fo', fin: 'fi', fra: 'fr', gla: 'gd',
  gle: 'ga', glg: 'gl', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu', ind: 'id', isl: 'is', ita: 'it', kaz: 'kk', kir: 'ky',
  lat: 'la', lav: 'lv', lit: 'lt', mkd: 'mk', mlt: 'mt', msa: 'ms', nld: 'nl', nno: 'nn', nob: 'nb', oci: 'oc', pol: 'pl',
  por: 'pt', ron: 'ro', rus: 'ru', slk: 'sk', slv: 'sl', sme: 'se', spa: 'es', sqi: 'sq', srd: 'sc', srp: 'sr', swe: 'sv',
  tat: 'tt', tur: 'tr', ukr: 'uk', urd: 'ur', uzb: 'uz',
};

export function toIso6391(code: string): string {
  const lower = code.toLowerCase();
  return THREE_TO_TWO[lower] ?? lower;
}
