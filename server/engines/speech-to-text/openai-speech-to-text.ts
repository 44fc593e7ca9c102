import { openAsBlob } from 'node:fs';
import path from 'node:path';
import type { SpeechToTextEngine, TimedWord, TranscribeOptions } from '../engine-interfaces';
import { callOpenAiService, type OpenAiServiceConfig } from '../openai-client';

interface VerboseTranscription {
  text?: string;
  words?: Array<{ word: string; start: number; end: number; probability?: number }>;
  segments?: Array<{ text: string; start: number; end: number }>;
}

/** Whisper's prompt is limited to about 224 tokens; the vocabulary is cut to fit. */
const MAX_PROMPT_CHARS = 800;

/**
 * Speech to text through an OpenAI-compatible `/v1/audio/transcriptions` (verbose JSON with
 * word timestamps). The workspace vocabulary goes in the prompt, which whisper models use as
 * preceding context and so as a spelling hint. The audio is streamed from disk.
 */
export class OpenAiSpeechToText implements SpeechToTextEngine {
  readonly name = 'openai';

  constructor(
    private readonly config: OpenAiServiceConfig,
    private readonly languageList: readonly string[],
  ) {}

  async languages(): Promise<string[]> {
    return [...this.languageList];
  }

  async transcribe(audioPath: string, options: TranscribeOptions): Promise<TimedWord[]> {
    const form = new FormData();
    form.append('file', await openAsBlob(audioPath, { type: 'audio/wav' }), path.basename(audioPath));
    form.append('model', this.config.model);
    form.append('language', options.language);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    const prompt = (options.vocabulary ?? []).join(', ').slice(0, MAX_PROMPT_CHARS);
    if (prompt) form.append('prompt', prompt);
    const response = await callOpenAiService(this.config, '/v1/audio/transcriptions', form, options.signal);
    return wordsOf((await response.json()) as VerboseTranscription);
  }
}

/** Word timestamps when the service gives them; else each segment's time shared among its words by length. */
export function wordsOf(result: VerboseTranscription): TimedWord[] {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  if (result.words && result.words.length > 0) {
    return result.words
      .map((word) => ({
        text: word.word.trim(),
        start: ms(word.start),
        end: ms(word.end),
        confidence: word.probability ?? 1,
      }))
      .filter((word) => word.text.length > 0);
  }
  return (result.segments ?? []).flatMap((segment) => {
    const words = segment.text.trim().split(/\s+/).filter(Boolean);
    const total = words.reduce((sum, word) => sum + word.length, 0) || 1;
    let cursor = segment.start;
    return words.map((word) => {
      const start = cursor;
      cursor += ((segment.end - segment.start) * word.length) / total;
      return { text: word, start: ms(start), end: ms(cursor), confidence: 0.5 };
    });
  });
}
