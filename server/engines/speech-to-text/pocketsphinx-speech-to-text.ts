import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SpeechToTextEngine, TimedWord, TranscribeOptions } from '../engine-interfaces';
import { withTempDir } from '../temp-dir';
import { decodeWithPocketsphinx } from './pocketsphinx-decoder';
import { dictionaryForm, dictionaryWordSet, findPocketsphinxModels, writeExtendedDictionary, type PocketsphinxModel } from './pocketsphinx-model';
import { pronounce } from './pronunciations';

export class UnsupportedLanguageError extends Error {
  constructor(engine: string, language: string) {
    super(`${engine} has no model for language "${language}"`);
    this.name = 'UnsupportedLanguageError';
  }
}

/**
 * Speech to text with pocketsphinx and the shipped n-gram language model. Workspace vocabulary
 * words the dictionary does not know are added to a per-call copy of it with generated
 * pronunciations (pronunciations.ts). The LM pass cannot produce them (boosting words into the
 * shipped binary LM is not possible from the command line, DESIGN.md section 7), so a second,
 * keyword-spotting pass (`-kws`) finds them and they replace what the LM heard there.
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
    const vocabulary = (options.vocabulary ?? []).flatMap((entry) => entry.split(/\s+/)).filter((word) => dictionaryForm(word));
    if (vocabulary.length === 0) return decodeWithPocketsphinx(audioPath, { model, signal: options.signal });

    const known = await dictionaryWordSet(model.dictionaryPath);
    const missing = vocabulary.map(dictionaryForm).filter((word) => !known.has(word));
    // The user's spelling of a vocabulary word ("Polycue") replaces the decoder's lower case.
    const spelling = new Map(vocabulary.map((word) => [dictionaryForm(word), word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')]));
    const words = await withTempDir('stt', async (dir) => {
      if (missing.length === 0) return decodeWithPocketsphinx(audioPath, { model, signal: options.signal });
      const dictionaryPath = path.join(dir, 'vocabulary.dict');
      await writeExtendedDictionary(model, await pronounce(missing, { signal: options.signal }), dictionaryPath);
      const heard = await decodeWithPocketsphinx(audioPath, { model, dictionaryPath, signal: options.signal });
      // The shipped LM cannot hold the missing words: a keyword-spotting pass finds them, and
      // each found one replaces what the LM heard over the same stretch of speech.
      const keywordsPath = path.join(dir, 'vocabulary.kws');
      await writeFile(keywordsPath, [...new Set(missing)].map((word) => `${word} /${KEYWORD_THRESHOLD}/`).join('\n') + '\n');
      const spotted = await decodeWithPocketsphinx(audioPath, { model, dictionaryPath, keywordsPath, signal: options.signal });
      return mergeSpotted(heard, spotted);
    });
    return words.map((word) => ({ ...word, text: spelling.get(word.text) ?? word.text }));
  }
}

/** Keyword-spotting threshold: found the generated pronunciations in bench/vocabulary without spotting them elsewhere. */
const KEYWORD_THRESHOLD = '1e-20';

/**
 * The LM's words with the spotted vocabulary words put in: a spotted word replaces every heard
 * word it covers for at least half of that word's time; words stay in time order.
 */
export function mergeSpotted(heard: readonly TimedWord[], spotted: readonly TimedWord[]): TimedWord[] {
  const overlap = (a: TimedWord, b: TimedWord) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  const kept = heard.filter((word) => !spotted.some((spot) => overlap(word, spot) * 2 >= word.end - word.start));
  const merged = [...kept, ...spotted].sort((a, b) => a.start - b.start || a.end - b.end);
  // Spotting may find the same word twice over one stretch: keep the first.
  return merged.filter((word, index) => index === 0 || !(word.text === merged[index - 1]!.text && overlap(word, merged[index - 1]!) > 0));
}
