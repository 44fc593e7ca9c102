import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { SpeechSynthesisEngine, SynthesizedClip, SynthesizeOptions, Voice } from '../engine-interfaces';
import { callOpenAiService, type OpenAiServiceConfig } from '../openai-client';
import { wavDurationMs } from '../wav-file';

/** Typical conversational rate, used to ask the service for a speed that fits the cue window. */
const NATURAL_WPM = 160;

/**
 * Speech synthesis through an OpenAI-compatible `/v1/audio/speech` (WAV out, streamed to disk).
 * Its voices are multilingual, so every configured language gets the configured voice.
 */
export class OpenAiSpeechSynthesis implements SpeechSynthesisEngine {
  readonly name = 'openai';

  constructor(
    private readonly config: OpenAiServiceConfig,
    private readonly voiceList: readonly Voice[],
  ) {}

  async voices(): Promise<Voice[]> {
    return [...this.voiceList];
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<SynthesizedClip> {
    const voice =
      options.voice ??
      this.voiceList.find((candidate) => candidate.language === options.language)?.voice ??
      this.voiceList[0]?.voice ??
      'alloy';
    const body: Record<string, unknown> = { model: this.config.model, voice, input: text, response_format: 'wav' };
    const speed = speedFor(text, options);
    if (speed !== 1) body.speed = speed;
    const response = await callOpenAiService(this.config, '/v1/audio/speech', body, options.signal);
    if (!response.body) throw new Error('the speech service sent no audio');
    const outputPath =
      options.outputPath ?? path.join(await mkdtemp(path.join(os.tmpdir(), 'polycue-tts-')), 'speech.wav');
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(outputPath), {
      signal: options.signal,
    });
    return { path: outputPath, durationMs: await wavDurationMs(outputPath) };
  }
}

/** The service's `speed` (0.25..4): from the requested words per minute, or the word count against the window. */
export function speedFor(text: string, options: Pick<SynthesizeOptions, 'speedWpm' | 'targetDurationMs'>): number {
  const clamp = (value: number) => Math.round(Math.min(4, Math.max(0.25, value)) * 100) / 100;
  if (options.speedWpm) return clamp(options.speedWpm / NATURAL_WPM);
  if (!options.targetDurationMs) return 1;
  const words = text.split(/\s+/).filter(Boolean).length;
  const naturalMs = (words / NATURAL_WPM) * 60_000;
  return clamp(naturalMs / options.targetDurationMs);
}
