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
 * pronunciations (pronunciations.ts). Pocketsphinx only recognises words its language model
 * contains, so this helps names and terms the LM has but the dictionary cannot spell; boosting
 * words into the shipped binary LM is not possible from the command line (DESIGN.md section 7).
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
      return decodeWithPocketsphinx(audioPath, { model, dictionaryPath, signal: options.signal });
    });
    return words.map((word) => ({ ...word, text: spelling.get(word.text) ?? word.text }));
  }
}
