import { stat } from 'node:fs/promises';
import type { TimedWord } from '../engine-interfaces';
import { runProcess } from '../process-runner';
import type { PocketsphinxModel } from './pocketsphinx-model';

/**
 * One run of `pocketsphinx_continuous -time yes` over a 16 kHz mono WAV. It decodes the file
 * utterance by utterance (split at pauses) and prints, per utterance, the hypothesis and then one
 * `word start end confidence` line per segment, with times in seconds from the file start.
 */

const WORD_LINE = /^(\S+)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

/** `<s>`, `</s>`, `<sil>`, `[NOISE]`, `[SPEECH]`, `++UH++`: segments that are not words. */
function isFiller(word: string): boolean {
  return /^[<[+].*[>\]+]$/.test(word);
}

/** A word line as a TimedWord (ms), or null for hypothesis lines, fillers and logs. */
export function parseWordLine(line: string): TimedWord | null {
  const match = WORD_LINE.exec(line.trim());
  if (!match) return null;
  const word = match[1]!.replace(/\(\d+\)$/, ''); // `read(2)`: the second pronunciation of "read"
  if (isFiller(word)) return null;
  return {
    text: word,
    start: Math.round(Number(match[2]) * 1000),
    end: Math.round(Number(match[3]) * 1000),
    confidence: Math.min(1, Math.max(0, Number(match[4]))),
  };
}

export interface DecodeOptions {
  model: PocketsphinxModel;
  /** An n-gram LM (ARPA text or binary); the model's own when absent. */
  languageModelPath?: string;
  dictionaryPath?: string;
  /** A keyphrase list (`word /threshold/` per line): keyword spotting instead of the language model. */
  keywordsPath?: string;
  /** Extra decoder arguments (`-lw`, `-beam`, ...). */
  tuning?: string[];
  signal?: AbortSignal;
}

/** Bytes per second of 16 kHz 16-bit mono; used to size the time limit to the audio. */
const BYTES_PER_SECOND = 32_000;

export async function decodeWithPocketsphinx(wavPath: string, options: DecodeOptions): Promise<TimedWord[]> {
  const { model } = options;
  const audioSeconds = (await stat(wavPath)).size / BYTES_PER_SECOND;
  const words: TimedWord[] = [];
  await runProcess(
    'pocketsphinx_continuous',
    [
      '-infile',
      wavPath,
      '-time',
      'yes',
      '-hmm',
      model.acousticModelDir,
      ...(options.keywordsPath
        ? ['-kws', options.keywordsPath]
        : ['-lm', options.languageModelPath ?? model.languageModelPath]),
      '-dict',
      options.dictionaryPath ?? model.dictionaryPath,
      ...(options.tuning ?? []),
    ],
    {
      signal: options.signal,
      // Pocketsphinx runs at 0.3-0.7x real time on one core; 3x plus a minute is a hung process.
      timeoutMs: Math.round(audioSeconds * 3000) + 60_000,
      onLine: (line) => {
        const word = parseWordLine(line);
        if (word) words.push(word);
      },
    },
  );
  return words;
}
