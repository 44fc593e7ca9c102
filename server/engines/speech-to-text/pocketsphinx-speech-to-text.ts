import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SpeechToTextEngine, TimedWord, TranscribeOptions } from '../engine-interfaces';
import { withTempDir } from '../temp-dir';
import { decodeWithPocketsphinx } from './pocketsphinx-decoder';
import {
  dictionaryForm,
  dictionaryWordSet,
  findPocketsphinxModels,
  writeExtendedDictionary,
  type PocketsphinxModel,
} from './pocketsphinx-model';
import { writeLanguageModelWithWords } from './language-model-words';
import { dictionaryEntries, pronunciationVariants } from './pronunciations';
import { verifiedSpots } from './spot-verification';

export class UnsupportedLanguageError extends Error {
  constructor(engine: string, language: string) {
    super(`${engine} has no model for language "${language}"`);
    this.name = 'UnsupportedLanguageError';
  }
}

/**
 * Speech to text with pocketsphinx and the shipped n-gram language model. Workspace vocabulary
 * words the dictionary does not know get generated pronunciations (pronunciations.ts: up to four
 * each) in a per-call copy of the dictionary, and a unigram probability in a per-call copy of the
 * binary LM (language-model-words.ts), so the decoding pass can produce them. A second,
 * keyword-spotting pass (`-kws`, every pronunciation a keyphrase) finds those the LM pass still
 * missed, with a permissive twin whose extra spots count only once checked on their own frames
 * (spot-verification.ts); the spots the LM pass did not already place replace what it heard there
 * (mergeSpotted). `npm run bench -- vocabulary` measures it: the share of 24 invented names whose
 * cue is on screen while the name is said (66.7 % before the spotting pass took every
 * pronunciation with wider beams and per-phone comparison; 87.5 % after, with 9 list words heard
 * where none was said; 91.7 % with the verified permissive pass, and 8; 100 % with broad-vowel
 * pronunciations too, still 8). On a held-out set (18 other names, other sentences and seed:
 * scripts not kept in the tree) the same steps went 83.3 % -> 88.9 % -> 94.4 %, 9 false names throughout.
 */
export class PocketsphinxSpeechToText implements SpeechToTextEngine {
  readonly name = 'pocketsphinx';

  constructor(private readonly models: () => PocketsphinxModel[] = () => findPocketsphinxModels()) {}

  async languages(): Promise<string[]> {
    return [...new Set(this.models().map((model) => model.language))];
  }

  modelFor(language: string): PocketsphinxModel {
    const base = language.toLowerCase().split(/[-_]/)[0];
    const model = this.models().find((candidate) => candidate.language === base);
    if (!model) throw new UnsupportedLanguageError(this.name, language);
    return model;
  }

  async transcribe(audioPath: string, options: TranscribeOptions): Promise<TimedWord[]> {
    const model = this.modelFor(options.language);
    const vocabulary = (options.vocabulary ?? [])
      .flatMap((entry) => entry.split(/\s+/))
      .filter((word) => dictionaryForm(word));
    if (vocabulary.length === 0) return decodeWithPocketsphinx(audioPath, { model, signal: options.signal });

    const known = await dictionaryWordSet(model.dictionaryPath);
    const missing = vocabulary.map(dictionaryForm).filter((word) => !known.has(word));
    // The user's spelling of a vocabulary word ("Polycue") replaces the decoder's lower case.
    const spelling = new Map(
      vocabulary.map((word) => [dictionaryForm(word), word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')]),
    );
    const words = await withTempDir('stt', async (dir) => {
      if (missing.length === 0) return decodeWithPocketsphinx(audioPath, { model, signal: options.signal });
      const dictionaryPath = path.join(dir, 'vocabulary.dict');
      const variants = await pronunciationVariants(missing, { signal: options.signal });
      await writeExtendedDictionary(model, dictionaryEntries(variants), dictionaryPath);
      // The words go into a copy of the LM too, so the ordinary pass can say them where they fit.
      const languageModelPath = path.join(dir, 'vocabulary.lm.bin');
      const inModel = await writeLanguageModelWithWords(
        model.languageModelPath,
        [...variants.keys()],
        VOCABULARY_LOG10_PROBABILITY,
        languageModelPath,
      );
      const heard = await decodeWithPocketsphinx(audioPath, {
        model,
        dictionaryPath,
        languageModelPath: inModel ? languageModelPath : undefined,
        signal: options.signal,
      });
      // The LM pass still misses most of them (no n-gram leads to a new word): a keyword-spotting
      // pass finds them, every pronunciation a keyphrase of its own (the pass takes only a word's
      // first one otherwise), and the spots the LM pass did not already explain replace what it heard.
      const keywordsPath = path.join(dir, 'vocabulary.kws');
      const keyphrases = [...dictionaryEntries(variants)].map(
        ([entry, phones]) => `${entry} /${keywordThreshold(phones.length)}/`,
      );
      await writeFile(keywordsPath, keyphrases.join('\n') + '\n');
      const spot = (phoneLoopProbability: string) =>
        decodeWithPocketsphinx(audioPath, {
          model,
          dictionaryPath,
          keywordsPath,
          signal: options.signal,
          tuning: [...KEYWORD_SEARCH_BEAMS, '-kws_plp', phoneLoopProbability],
        });
      // Two spotting passes at once: the usual one, and a permissive one (a cheaper phone loop
      // lets names through that the usual one misses, with many false ones) whose spots are kept
      // only when the name fits their frames nearly as well as free phones do (spot-verification.ts).
      const [usual, permissive] = await Promise.all([spot(PHONE_LOOP_PROBABILITY), spot(PERMISSIVE_PHONE_LOOP)]);
      const phonesOf = new Map([...variants].map(([word, [phones]]) => [word, phones!.length]));
      const spotted = await verifiedSpots(audioPath, usual, permissive, {
        model,
        dictionaryPath,
        dir: await mkdtemp(path.join(dir, 'verify-')),
        signal: options.signal,
      });
      return mergeSpotted(heard, spotted, phonesOf);
    });
    return words.map((word) => ({ ...word, text: spelling.get(word.text) ?? word.text }));
  }
}

/**
 * The unigram probability of a vocabulary word in the LM (log10): that of a frequent word (the
 * 99th percentile of en-us is -3.9, "the" is -1.1). A list says these words are expected in this
 * video; in bench/vocabulary -3 to -1.5 put no vocabulary word where none was said, -2 found the most.
 */
const VOCABULARY_LOG10_PROBABILITY = -2;

/**
 * Beams of the keyword-spotting pass, wider than the decoder's 1e-48: a long name's path falls
 * behind the phone loop with every phone and was pruned before its end, so no threshold could find
 * it. In bench/vocabulary 1e-80, with spots compared per phone (mergeSpotted), found two more of 24
 * names (79 % -> 88 %) for three more list words heard where none was said; 1e-100 with thresholds
 * of 10 per phone found others but put 80 list words where none was said.
 */
const KEYWORD_SEARCH_BEAMS = ['-beam', '1e-80', '-pbeam', '1e-80'];

/**
 * The phone loop's probability in the usual spotting pass: the decoder's 0.1. Alone, 1e-3 found 22
 * of 24 names in bench/vocabulary but put 23 list words where none was said (1e-2: 20 and 14), and
 * a wrong name on screen is worse than a missing one; so 1e-3 runs as a second, permissive pass
 * whose spots must pass spot-verification.ts (22 of 24 names, 8 list words where none was said,
 * where the usual pass alone had 21 and 9).
 */
const PHONE_LOOP_PROBABILITY = '1e-1';
const PERMISSIVE_PHONE_LOOP = '1e-3';

/**
 * Keyword-spotting threshold for a word of `phones` phones: the detection score falls with every
 * phone, so a long name needs a low threshold to be found at all, and a short word a higher one
 * not to be spotted inside other words. 1e-50 found the most names of 8 to 11 phones in
 * bench/vocabulary and in a second set of names and sentences (the first setting, 1e-20, found 2
 * of 13), with none spotted where none was said; 5 per phone instead of 7 lost half of the second set.
 */
export function keywordThreshold(phones: number): string {
  return `1e-${Math.min(50, Math.max(10, phones * 7))}`;
}

/**
 * Shorter than this per phone, a spot is not the name said but its phones forced onto a shorter
 * stretch of other speech: 40 ms is 25 phones a second, faster than fast speech (15 to 20). In
 * bench/vocabulary the names found took 46 to 81 ms a phone, and 3 of 12 spots where no name was
 * said 32 to 34 ms.
 */
const MIN_MS_PER_PHONE = 40;

/**
 * The LM's words with the spotted vocabulary words put in. The LM pass aligns a vocabulary word it
 * heard by the word's own frames in context, so its placement wins: spots overlapping one are
 * dropped. Spots overlapping each other (two names, or two pronunciations of one, fired on the same
 * speech) are one word said once: the best-scoring spot stays. A kept spot replaces every heard
 * word it covers for at least half of that word's time; words stay in time order.
 */
export function mergeSpotted(
  heard: readonly TimedWord[],
  spotted: readonly TimedWord[],
  phonesOf: ReadonlyMap<string, number> = new Map(),
): TimedWord[] {
  // phonesOf: the vocabulary words the decoder was given, with the phones of their first pronunciation.
  const overlap = (a: TimedWord, b: TimedWord) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  // Sharing a few frames at the edges is two words side by side; sharing half of one is one word.
  const clash = (a: TimedWord, b: TimedWord) => overlap(a, b) * 2 > Math.min(a.end - a.start, b.end - b.start);
  const heardVocabulary = heard.filter((word) => phonesOf.has(word.text));
  // The spotting score falls with every phone: compared per phone, a long name that fits is not
  // beaten by a shorter one that fits worse.
  const score = (spot: TimedWord) => Math.log(Math.max(spot.confidence, 1e-9)) / (phonesOf.get(spot.text) ?? 1);
  const best: TimedWord[] = [];
  for (const spot of [...spotted].sort((a, b) => score(b) - score(a) || a.start - b.start)) {
    if (spot.end - spot.start < MIN_MS_PER_PHONE * (phonesOf.get(spot.text) ?? 0)) continue;
    if (heardVocabulary.some((word) => clash(word, spot)) || best.some((kept) => clash(kept, spot))) continue;
    best.push(spot);
  }
  const kept = heard.filter((word) => !best.some((spot) => overlap(word, spot) * 2 >= word.end - word.start));
  return [...kept, ...best].sort((a, b) => a.start - b.start || a.end - b.end);
}
