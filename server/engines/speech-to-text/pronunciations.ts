import { runProcess } from '../process-runner';

/**
 * Pronunciations for words the pocketsphinx dictionary lacks (workspace vocabulary, names in a
 * user's transcript). espeak-ng knows how to say almost any spelling: we ask it for IPA
 * (`espeak-ng -q --ipa --sep=_`, one word per clause so words are not run together) and map each
 * IPA phoneme onto the 39 CMU/ARPAbet phones of the en-us acoustic model. When espeak-ng is
 * missing or gives an unusable answer, simple English letter-to-sound rules stand in.
 */

/** Longest symbols first so diphthongs and affricates win over their parts. */
const IPA_TO_CMU: ReadonlyArray<[string, string[]]> = [
  ['aɪɚ', ['AY', 'ER']],
  ['aɪə', ['AY', 'ER']],
  ['aʊɚ', ['AW', 'ER']],
  ['ɑːɹ', ['AA', 'R']],
  ['oːɹ', ['AO', 'R']],
  ['ɔːɹ', ['AO', 'R']],
  ['ɛɹ', ['EH', 'R']],
  ['ɪɹ', ['IH', 'R']],
  ['ʊɹ', ['UH', 'R']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['eɪ', ['EY']],
  ['aɪ', ['AY']],
  ['ɔɪ', ['OY']],
  ['aʊ', ['AW']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ɪə', ['IH', 'R']],
  ['eə', ['EH', 'R']],
  ['ʊə', ['UH', 'R']],
  ['ɜː', ['ER']],
  ['ɑː', ['AA']],
  ['ɔː', ['AO']],
  ['iː', ['IY']],
  ['uː', ['UW']],
  ['oː', ['OW']],
  ['ɜ', ['ER']],
  ['ɚ', ['ER']],
  ['ɝ', ['ER']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['æ', ['AE']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['ᵻ', ['IH']],
  ['ɔ', ['AO']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['ɪ', ['IH']],
  ['i', ['IY']],
  ['u', ['UW']],
  ['ʊ', ['UH']],
  ['o', ['OW']],
  ['a', ['AE']],
  ['p', ['P']],
  ['b', ['B']],
  ['t', ['T']],
  ['d', ['D']],
  ['k', ['K']],
  ['g', ['G']],
  ['ɡ', ['G']],
  ['f', ['F']],
  ['v', ['V']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['s', ['S']],
  ['z', ['Z']],
  ['ʃ', ['SH']],
  ['ʒ', ['ZH']],
  ['h', ['HH']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['j', ['Y']],
  ['w', ['W']],
  ['ɾ', ['T']],
  ['ʔ', ['T']],
  ['x', ['K']],
  ['c', ['K']],
];
const SYLLABIC = '\u0329';
/** Stress and length marks, separators, and combining diacritics other than the syllabic mark. */
function isIgnored(char: string): boolean {
  const code = char.codePointAt(0)!;
  return 'ˈˌː.‿_- \t'.includes(char) || (code >= 0x0300 && code <= 0x036f && code !== 0x0329);
}

const VOWEL_START = /^[ˈˌ]*[aeiouɑɒæʌəɐᵻɔɛɪʊɜɚɝ]/;

/**
 * IPA from espeak-ng -> CMU phones; null when a symbol has no mapping (caller falls back).
 * With `--sep=_` espeak-ng separates phonemes, so a rule spanning two of them ("oːɹ") would never
 * match: the separated phonemes are joined where CMU spells the pair differently from its parts
 * (the "or" of "order" is AO R, not OW R), and an "ɪ" before a vowel is CMU's IY ("geologist").
 */
export function ipaToCmuPhones(ipa: string): string[] | null {
  const tokens = ipa.split('_').filter((token) => token.length > 0);
  let joined = '';
  tokens.forEach((token, i) => {
    const next = tokens[i + 1] ?? '';
    const previous = tokens[i - 1] ?? '';
    // "oː" + "ɹ" is written without the separator so the "oːɹ" rule (AO R) matches.
    if (i > 0) joined += /[oɔɑ]ː$/.test(previous) && token.startsWith('ɹ') ? '' : '_';
    joined += /^[ˈˌ]*ɪ$/.test(token) && VOWEL_START.test(next) ? token.slice(0, -1) + 'i' : token; // not the ɪ of aɪ, eɪ, ɔɪ
  });
  return phonesOf(joined);
}

function phonesOf(ipa: string): string[] | null {
  const phones: string[] = [];
  let rest = ipa.normalize('NFD');
  while (rest.length > 0) {
    if (rest[0] === SYLLABIC) {
      // n̩ l̩ m̩: a syllabic consonant is a schwa plus the consonant in CMU spelling ("button" B AH T AH N).
      if (phones.length > 0) phones.splice(phones.length - 1, 0, 'AH');
      rest = rest.slice(1);
      continue;
    }
    if (isIgnored(rest[0]!)) {
      rest = rest.slice(1);
      continue;
    }
    const match = IPA_TO_CMU.find(([symbol]) => rest.startsWith(symbol));
    if (!match) return null;
    phones.push(...match[1]);
    rest = rest.slice(match[0].length);
  }
  return phones.length > 0 ? phones : null;
}

const LETTER_RULES: ReadonlyArray<[string, string[]]> = [
  ['tch', ['CH']],
  ['igh', ['AY']],
  ['th', ['TH']],
  ['sh', ['SH']],
  ['ch', ['CH']],
  ['ph', ['F']],
  ['ck', ['K']],
  ['ng', ['NG']],
  ['qu', ['K', 'W']],
  ['ee', ['IY']],
  ['ea', ['IY']],
  ['oo', ['UW']],
  ['ou', ['AW']],
  ['ow', ['OW']],
  ['ai', ['EY']],
  ['ay', ['EY']],
  ['oi', ['OY']],
  ['oy', ['OY']],
  ['au', ['AO']],
  ['aw', ['AO']],
  ['ie', ['IY']],
  ['wh', ['W']],
  ['a', ['AE']],
  ['b', ['B']],
  ['c', ['K']],
  ['d', ['D']],
  ['e', ['EH']],
  ['f', ['F']],
  ['g', ['G']],
  ['h', ['HH']],
  ['i', ['IH']],
  ['j', ['JH']],
  ['k', ['K']],
  ['l', ['L']],
  ['m', ['M']],
  ['n', ['N']],
  ['o', ['AA']],
  ['p', ['P']],
  ['q', ['K']],
  ['r', ['R']],
  ['s', ['S']],
  ['t', ['T']],
  ['u', ['AH']],
  ['v', ['V']],
  ['w', ['W']],
  ['x', ['K', 'S']],
  ['y', ['IY']],
  ['z', ['Z']],
];

/** Rough English spelling -> phones, for when espeak-ng cannot help. Never empty for a word with letters. */
export function letterToSound(word: string): string[] {
  const letters = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  const phones: string[] = [];
  let rest = letters.endsWith('e') && letters.length > 3 ? letters.slice(0, -1) : letters; // silent final e
  while (rest.length > 0) {
    const rule = LETTER_RULES.find(([spelling]) => rest.startsWith(spelling))!;
    const next = rule[1];
    if (phones.at(-1) !== next[0] || next.length > 1) phones.push(...next); // doubled letters are one sound
    rest = rest.slice(rule[0].length);
  }
  return phones.length > 0 ? phones : ['AH'];
}

/** espeak-ng's phones for each word in one call (a line per word), null where it gave none. */
async function espeakPhones(
  words: readonly string[],
  voice: string,
  signal?: AbortSignal,
): Promise<Array<string[] | null>> {
  let ipaLines: string[] = [];
  try {
    const { stdout } = await runProcess('espeak-ng', ['-q', '--ipa', '--sep=_', '-v', voice], {
      // A full stop and a line per word: espeak-ng then answers one line per word.
      input: words.map((word) => `${word.replace(/[.\n]/g, ' ')}.\n`).join(''),
      signal,
      timeoutMs: 60_000,
    });
    ipaLines = stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  const aligned = ipaLines.length === words.length;
  return words.map((_, index) => (aligned ? ipaToCmuPhones(ipaLines[index]!) : null));
}

const lettered = (words: readonly string[]) =>
  [...new Set(words.map((word) => word.toLowerCase()))].filter((word) => /\p{L}/u.test(word));

/** Phones for each word (lower-cased keys), through espeak-ng in one call, letter rules as fallback. */
export async function pronounce(
  words: readonly string[],
  options: { espeakVoice?: string; signal?: AbortSignal } = {},
): Promise<Map<string, string[]>> {
  const unique = lettered(words);
  const phones = unique.length > 0 ? await espeakPhones(unique, options.espeakVoice ?? 'en-us', options.signal) : [];
  return new Map(unique.map((word, index) => [word, phones[index] ?? letterToSound(word)]));
}

/**
 * The first pronunciation with the broad a and the tense i (AE -> AA, IH -> IY): how the acoustic
 * model hears those vowels in many voices. In bench/vocabulary it is the only pronunciation under
 * which Lumbergast ("gast" as G AA S T) and Tresmolin ("lin" as L IY N) were ever spotted (the
 * phone loop heard L AA M UW D AA Z and T R AE S IY): with it both are found where they are said.
 */
function broadVowels(phones: readonly string[]): string[] {
  return phones.map((phone) => (phone === 'AE' ? 'AA' : phone === 'IH' ? 'IY' : phone));
}

/**
 * Up to four pronunciations per word, the likeliest first: espeak-ng's American English, its
 * British English (no r after vowels, other vowels: how many speakers say a name), the letter
 * rules (how someone reading the name for the first time may say it) and the American one with
 * broad vowels (broadVowels). Speech recognition lists them all in the dictionary (`word(2)`,
 * `word(3)`, ...), so whichever is nearer to what was said wins.
 */
export async function pronunciationVariants(
  words: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<Map<string, string[][]>> {
  const unique = lettered(words);
  if (unique.length === 0) return new Map();
  const [american, british] = await Promise.all([
    espeakPhones(unique, 'en-us', options.signal),
    espeakPhones(unique, 'en', options.signal),
  ]);
  return new Map(
    unique.map((word, index) => {
      const first = american[index] ?? british[index] ?? letterToSound(word);
      const variants = [american[index], british[index], letterToSound(word), broadVowels(first)].filter(
        (phones): phones is string[] => phones !== null && phones !== undefined,
      );
      const distinct = variants.filter(
        (phones, i) => variants.findIndex((other) => other.join(' ') === phones.join(' ')) === i,
      );
      return [word, distinct];
    }),
  );
}

/** Dictionary entries for the variants: `word`, `word(2)`, `word(3)` (the decoder reports them all as `word`). */
export function dictionaryEntries(variants: ReadonlyMap<string, string[][]>): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const [word, pronunciations] of variants)
    pronunciations.forEach((phones, i) => entries.set(i === 0 ? word : `${word}(${i + 1})`, phones));
  return entries;
}
