import { stat } from 'node:fs/promises';
import type { AlignmentEngine, AlignOptions, SpeechToTextEngine, TimedWord } from '../engine-interfaces';
import { timeTranscript, tokenizeTranscript } from './word-alignment';

/** Whisper-style services take a prompt of about 224 tokens; the start of the transcript is enough to bias spelling. */
const MAX_PROMPT_WORDS = 150;

/**
 * Alignment through any speech-to-text engine (the OpenAI-compatible one): transcribe with the
 * transcript as the vocabulary hint, then put the recognised times onto the transcript's words.
 */
export class SpeechToTextAlignment implements AlignmentEngine {
  readonly name: string;

  constructor(private readonly speechToText: SpeechToTextEngine) {
    this.name = `${speechToText.name}-alignment`;
  }

  languages(): Promise<string[]> {
    return this.speechToText.languages();
  }

  async align(audioPath: string, transcript: string, options: AlignOptions): Promise<TimedWord[]> {
    const tokens = tokenizeTranscript(transcript);
    if (tokens.length === 0) return [];
    const decoded = await this.speechToText.transcribe(audioPath, {
      language: options.language,
      vocabulary: tokens.slice(0, MAX_PROMPT_WORDS).map((token) => token.text),
      signal: options.signal,
    });
    const audioEndMs = Math.max(decoded.at(-1)?.end ?? 0, ((await stat(audioPath)).size - 44) / 32);
    return timeTranscript(tokens, decoded, audioEndMs);
  }
}
