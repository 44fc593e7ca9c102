import { readFile, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  CloneVoiceOptions,
  SynthesizedClip,
  SynthesizeOptions,
  Voice,
  VoiceCloningEngine,
} from '../engine-interfaces';
import { wavDurationMs } from '../wav-file';

/** An ElevenLabs-compatible service: its base URL (without /v1), key (`xi-api-key`) and model. */
export interface VoiceCloningServiceConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

export class VoiceCloningServiceError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    body: string,
  ) {
    super(`${url} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'VoiceCloningServiceError';
  }
}

/** Raw PCM the service is asked for: 16-bit mono at this rate, wrapped in a WAV header here (no decoder needed). */
const PCM_RATE = 22_050;
/** The service's speed range (voice_settings.speed). */
const MIN_SPEED = 0.7;
const MAX_SPEED = 1.2;
const NATURAL_WPM = 160;

/** A 44-byte WAV header for `dataBytes` of 16-bit mono PCM. */
export function pcmWavHeader(dataBytes: number, sampleRate = PCM_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The speed that fits the words into the cue window, within what the service accepts. */
export function cloningSpeedFor(
  text: string,
  options: Pick<SynthesizeOptions, 'speedWpm' | 'targetDurationMs'>,
): number {
  const clamp = (value: number) => Math.round(Math.min(MAX_SPEED, Math.max(MIN_SPEED, value)) * 100) / 100;
  if (options.speedWpm) return clamp(options.speedWpm / NATURAL_WPM);
  if (!options.targetDurationMs) return 1;
  const words = text.split(/\s+/).filter(Boolean).length;
  return clamp(((words / NATURAL_WPM) * 60_000) / options.targetDurationMs);
}

/**
 * Voice cloning through an ElevenLabs-compatible API: `POST /v1/voices/add` (multipart: name and
 * the sample as `files`) makes an instant voice from the speaker, `POST /v1/text-to-speech/{id}`
 * speaks each cue in it (raw PCM asked for, so no MP3 decoding), `DELETE /v1/voices/{id}` forgets
 * it after the run. Languages come from VOICE_CLONING_LANGUAGES (the service cannot be asked).
 */
export class ElevenLabsVoiceCloning implements VoiceCloningEngine {
  readonly name = 'elevenlabs';

  constructor(
    private readonly config: VoiceCloningServiceConfig,
    private readonly languageList: readonly string[],
  ) {}

  async voices(): Promise<Voice[]> {
    return this.languageList.map((language) => ({ language, voice: '' }));
  }

  async cloneVoice(samplePath: string, options: CloneVoiceOptions): Promise<string> {
    const form = new FormData();
    form.append('name', options.name);
    form.append('files', new Blob([await readFile(samplePath)], { type: 'audio/wav' }), 'speaker.wav');
    const response = await this.call('POST', '/v1/voices/add', form, options.signal);
    const { voice_id: voiceId } = (await response.json()) as { voice_id?: unknown };
    if (typeof voiceId !== 'string' || voiceId === '')
      throw new Error('the voice cloning service answered without a voice_id');
    return voiceId;
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<SynthesizedClip> {
    if (!options.voice) throw new Error('voice cloning needs the cloned voice (cloneVoice) to speak with');
    const body = {
      text,
      model_id: this.config.model,
      language_code: options.language,
      voice_settings: { speed: cloningSpeedFor(text, options) },
    };
    const response = await this.call(
      'POST',
      `/v1/text-to-speech/${encodeURIComponent(options.voice)}?output_format=pcm_${PCM_RATE}`,
      body,
      options.signal,
    );
    const pcm = Buffer.from(await response.arrayBuffer());
    if (pcm.length < 2) throw new Error('the voice cloning service sent no audio');
    const even = pcm.subarray(0, pcm.length - (pcm.length % 2));
    const outputPath =
      options.outputPath ?? path.join(await mkdtemp(path.join(os.tmpdir(), 'polycue-clone-')), 'speech.wav');
    await writeFile(outputPath, Buffer.concat([pcmWavHeader(even.length), even]));
    return { path: outputPath, durationMs: await wavDurationMs(outputPath) };
  }

  async forgetVoice(voice: string): Promise<void> {
    await this.call('DELETE', `/v1/voices/${encodeURIComponent(voice)}`, null).catch(() => undefined);
  }

  private async call(
    method: string,
    route: string,
    body: FormData | object | null,
    signal?: AbortSignal,
  ): Promise<Response> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}${route}`;
    const headers: Record<string, string> = {};
    if (this.config.apiKey) headers['xi-api-key'] = this.config.apiKey;
    if (body !== null && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.config.timeoutMs ?? 5 * 60 * 1000);
    const response = await fetch(url, {
      method,
      headers,
      body: body === null ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new VoiceCloningServiceError(response.status, url, await response.text().catch(() => ''));
    return response;
  }
}
