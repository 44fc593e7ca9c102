/**
 * Which legacy encoding a subtitle file that is not UTF-8 was saved in. Old subtitle tools wrote
 * the Windows code page of the subtitler's language, so a Russian file is windows-1251, a Polish
 * one windows-1250, a Japanese one Shift_JIS; read as Windows-1252 they become "Ïðèâåò". Players
 * guess (mpv with uchardet); so does this, by decoding a sample with each candidate and scoring
 * the non-ASCII characters against what the languages of that encoding write:
 * - a character typical of them (é à ç for Windows-1252, ą ł ż for 1250, the frequent Russian
 *   letters for 1251, kana for Shift_JIS, Hangul for EUC-KR, the frequent Chinese characters for
 *   GBK and Big5) counts for, any other letter against;
 * - C1 controls, replacement characters and stray symbols (¤ ¦ ¨ ¯ ´ ¸ ¹ ³, half-width katakana)
 *   count strongly against, as do words mixing scripts ("cafй") or cases ("рТЙЧЕФ", KOI8-R read
 *   as 1251).
 * Windows-1252 wins ties: it was the one default before.
 */
import { decodeWindows1252 } from './windows-1252';

const SINGLE_BYTE = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1257',
  'koi8-r',
] as const;
const MULTI_BYTE = ['shift_jis', 'euc-kr', 'gbk', 'big5'] as const;
export type LegacyEncoding = (typeof SINGLE_BYTE)[number] | (typeof MULTI_BYTE)[number];

/** Enough text to tell; the whole file is then decoded with the winner. */
const SAMPLE_BYTES = 64 * 1024;

const withUpper = (letters: string) => letters + letters.toUpperCase();
const PUNCTUATION = '“”„‘’‚–—…«»€';
/** The most frequent characters of Chinese text, simplified and traditional. */
const FREQUENT_HAN =
  '的一是不了人我在有他这這中大来來上个個国國到说說们們为為子和你地出道也时時年得就那要下以生会會自着著去之过過家学學对對可她里裡后後小么麼心多天而能好都然没沒日于於起还還发發成事只作当當想看文无無开開手十用主行方又如前所本见見经經头頭面公同三已老从從动動两兩长長现現在件知间間很谢謝请請';
const CJK_PUNCTUATION = '，。？！：；、（）「」『』“”…・ー～';
const RUSSIAN_FREQUENT = withUpper('оеаинтсрвлкмдпуяыь');
const GREEK_FREQUENT = withUpper('αεοιτνησςρπκυμλάέίόήύώ');

/** Characters the languages of each encoding write often: each counts +2; other letters −1 (Cyrillic and Greek ones +1 in their own encodings). */
const TYPICAL: Record<LegacyEncoding, string> = {
  'windows-1252': withUpper('àâäæçèéêëîïôöœùûüÿñáíóúãõåøßìòý') + '¿¡ºª' + PUNCTUATION,
  'windows-1250': withUpper('ąćęłńóśźżčďěňřšťůžáéíýúőűöüäôĺľăâîţş') + PUNCTUATION,
  'windows-1251': RUSSIAN_FREQUENT + PUNCTUATION,
  'windows-1253': GREEK_FREQUENT + PUNCTUATION,
  'windows-1254': withUpper('çğöşüâîû') + 'ıİ' + PUNCTUATION,
  'windows-1257': withUpper('ąčęėįšųūžāēģīķļņōŗõäöü') + PUNCTUATION,
  'koi8-r': RUSSIAN_FREQUENT + PUNCTUATION,
  shift_jis: FREQUENT_HAN + CJK_PUNCTUATION,
  'euc-kr': CJK_PUNCTUATION,
  gbk: FREQUENT_HAN + CJK_PUNCTUATION,
  big5: FREQUENT_HAN + CJK_PUNCTUATION,
};
const TYPICAL_SETS = new Map(Object.entries(TYPICAL).map(([encoding, chars]) => [encoding, new Set(chars)]));
/** Letters of a whole script that count for (+1) in an encoding made for it. */
const OWN_SCRIPT: Partial<Record<LegacyEncoding, RegExp>> = {
  'windows-1251': /\p{Script=Cyrillic}/u,
  'koi8-r': /\p{Script=Cyrillic}/u,
  'windows-1253': /\p{Script=Greek}/u,
  shift_jis: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  'euc-kr': /\p{Script=Hangul}/u,
};

const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Latin}/u, 'latin'],
  [/\p{Script=Cyrillic}/u, 'cyrillic'],
  [/\p{Script=Greek}/u, 'greek'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hangul}/u, 'hangul'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'kana'],
  [/\p{Script=Han}/u, 'han'],
];

function scriptOf(char: string): string {
  for (const [pattern, name] of SCRIPTS) if (pattern.test(char)) return name;
  return 'other';
}

/** Symbols a mis-decoded byte typically turns into, and that subtitles hardly use. */
const UNLIKELY =
  /[\u0080-\u009f\ufffd\u00a4\u00a6\u00a8\u00af\u00b3\u00b4\u00b8\u00b9\u00bc-\u00be\u02c6\u02dc\u2020\u2021\u2030\uff61-\uff9f\ue000-\uf8ff]/u;

/** How much `text`, decoded as `encoding`, looks like the writing of that encoding's languages (higher is likelier). */
export function plausibility(text: string, encoding: LegacyEncoding): number {
  const typical = TYPICAL_SETS.get(encoding)!;
  const own = OWN_SCRIPT[encoding];
  let score = 0;
  for (const char of text) {
    if (char < '\u0080') continue;
    if (UNLIKELY.test(char)) score -= 4;
    else if (typical.has(char)) score += 2;
    else if (own?.test(char)) score += 1;
    else if (scriptOf(char) === 'han') score += 0;
    else if (/\p{L}/u.test(char)) score -= 1;
  }
  for (const match of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    const word = match[0];
    if (word.length < 2 || /^\p{ASCII}*$/u.test(word)) continue;
    const scripts = new Set([...word].map(scriptOf).filter((script) => script !== 'other'));
    // Japanese writes kanji and kana together; any other mix in one word is a decoding mistake.
    const mixed = scripts.size > 1 && !(scripts.size === 2 && scripts.has('han') && scripts.has('kana'));
    // A capital after a small letter inside a word ("рТЙЧЕФ"): letters of another code page's order.
    const camel = /\p{Ll}\p{Lu}/u.test(word);
    if (mixed || camel) score -= 3 * word.length;
  }
  return score;
}

/**
 * Decodes with a legacy encoding (null when the bytes cannot be in it). Windows-1252 is decoded by
 * hand: Node's TextDecoder('windows-1252') is ISO-8859-1 underneath (0x93 stays U+0093, not “).
 */
export function decodeLegacy(
  bytes: Uint8Array,
  encoding: LegacyEncoding,
  options: { sample?: boolean } = {},
): string | null {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  try {
    // A sample may end inside a character: streaming keeps that from counting as an error.
    return new TextDecoder(encoding, {
      fatal: options.sample === true && MULTI_BYTE.includes(encoding as never),
    }).decode(bytes, { stream: options.sample === true });
  } catch {
    return null;
  }
}

/** The legacy encoding `bytes` most plausibly are (they are not valid UTF-8). */
export function guessLegacyEncoding(bytes: Uint8Array): LegacyEncoding {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  let best: LegacyEncoding = 'windows-1252';
  let bestScore = -Infinity;
  for (const encoding of [...SINGLE_BYTE, ...MULTI_BYTE]) {
    const text = decodeLegacy(sample, encoding, { sample: true });
    if (text === null) continue;
    const score = plausibility(text, encoding);
    if (score > bestScore) {
      best = encoding;
      bestScore = score;
    }
  }
  return best;
}
