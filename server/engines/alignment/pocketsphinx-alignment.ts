import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AlignmentEngine, AlignOptions, TimedWord } from '../engine-interfaces';
import { withTempDir } from '../temp-dir';
import { decodeWithPocketsphinx } from '../speech-to-text/pocketsphinx-decoder';
import { dictionaryWordSet, writeExtendedDictionary } from '../speech-to-text/pocketsphinx-model';
import { PocketsphinxSpeechToText } from '../speech-to-text/pocketsphinx-speech-to-text';
import { pronounce } from '../speech-to-text/pronunciations';
import { buildTranscriptArpa } from './transcript-language-model';
import { sentencesOf, timeTranscript, tokenizeTranscript } from './word-alignment';

/** 16 kHz, 16-bit, mono WAV after its 44-byte header. */
const wavDurationMs = async (wavPath: string) => Math.max(0, ((await stat(wavPath)).size - 44) / 32);

/**
 * Alignment of a user's transcript with pocketsphinx: the transcript becomes the decoder's
 * language model (transcript-language-model.ts) and its words missing from the dictionary get
 * generated pronunciations, so the decoder hears the transcript; word-alignment.ts then maps the
 * decoded words back onto the transcript's own spelling and fills the gaps.
 */
export class PocketsphinxAlignment implements AlignmentEngine {
  readonly name = 'pocketsphinx';

  constructor(private readonly speechToText = new PocketsphinxSpeechToText()) {}

  languages(): Promise<string[]> {
    return this.speechToText.languages();
  }

  async align(audioPath: string, transcript: string, options: AlignOptions): Promise<TimedWord[]> {
    const model = this.speechToText.modelFor(options.language);
    const tokens = tokenizeTranscript(transcript);
    const audioEndMs = await wavDurationMs(audioPath);
    if (tokens.length === 0) return [];
    const decoded = await withTempDir('align', async (dir) => {
      const languageModelPath = path.join(dir, 'transcript.arpa');
      await writeFile(languageModelPath, buildTranscriptArpa(sentencesOf(tokens)));
      const known = await dictionaryWordSet(model.dictionaryPath);
      const missing = [...new Set(tokens.map((token) => token.form))].filter((form) => !known.has(form));
      let dictionaryPath: string | undefined;
      if (missing.length > 0) {
        dictionaryPath = path.join(dir, 'transcript.dict');
        await writeExtendedDictionary(model, await pronounce(missing, { signal: options.signal }), dictionaryPath);
      }
      return decodeWithPocketsphinx(audioPath, { model, languageModelPath, dictionaryPath, signal: options.signal });
    });
    return timeTranscript(tokens, decoded, audioEndMs);
  }
}
