import { languageName } from '../../../core/common/language-name';
import { TERMBASE_LANGUAGE_COLOURS } from '../common/termbases-contract';

/**
 * The languages offered when a term base is made (ISO 639-1; the server takes any two- or
 * three-letter code): the ones translation engines commonly cover, sorted by name when shown.
 */
export const OFFERED_LANGUAGES = [
  'ar',
  'bg',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'el',
  'en',
  'eo',
  'es',
  'et',
  'eu',
  'fa',
  'fi',
  'fr',
  'ga',
  'gl',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'mk',
  'ms',
  'mt',
  'nb',
  'nl',
  'nn',
  'oc',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sq',
  'sr',
  'sv',
  'sw',
  'th',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh',
];

/** docs/product-contract.md#constants-and-limits: a term base's languages take the colours in order (the 13th starts over). */
export const languageColour = (index: number) => TERMBASE_LANGUAGE_COLOURS[index % TERMBASE_LANGUAGE_COLOURS.length];

/**
 * One language as a term base shows it: a dot of its colour and its full name. The name is
 * always written, so the colour is never the only thing telling languages apart.
 */
export function LanguageChip({ code, index }: { code: string; index: number }) {
  return (
    <span className="termbase-language">
      <span className="termbase-language-dot" style={{ background: languageColour(index) }} aria-hidden="true" />
      {languageName(code)}
    </span>
  );
}

/** A term base's languages in its order, each with its colour. */
export function LanguageChips({ languages }: { languages: readonly string[] }) {
  return (
    <span className="termbase-languages">
      {languages.map((code, index) => (
        <LanguageChip key={code} code={code} index={index} />
      ))}
    </span>
  );
}
