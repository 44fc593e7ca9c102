import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../engine-config';
import { createEngines } from '../engine-registry';
import { startVoiceCloningDouble, type VoiceCloningDouble } from '../testing/voice-cloning-double';
import { wavDurationMs } from '../wav-file';
import { cloningSpeedFor, ElevenLabsVoiceCloning, pcmWavHeader } from './elevenlabs-voice-cloning';

/** The ElevenLabs-compatible cloning adapter against a local double of the API. */
let double: VoiceCloningDouble;
let dir: string;
let sample: string;

beforeAll(async () => {
  double = await startVoiceCloningDouble({ apiKey: 'xi-secret' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-cloning-test-'));
  sample = path.join(dir, 'speaker.wav');
  await writeFile(sample, Buffer.concat([pcmWavHeader(22_050 * 2), Buffer.alloc(22_050 * 2)]));
});
afterAll(async () => {
  await double.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ElevenLabs-compatible voice cloning', () => {
  it('clones the speaker from the sample, speaks a cue in that voice as a WAV, and forgets the voice', async () => {
    const engine = new ElevenLabsVoiceCloning(
      { baseUrl: double.baseUrl, apiKey: 'xi-secret', model: 'eleven_multilingual_v2' },
      ['es', 'en'],
    );
    expect(await engine.voices()).toEqual([
      { language: 'es', voice: '' },
      { language: 'en', voice: '' },
    ]);

    const voice = await engine.cloneVoice(sample, { name: 'polycue-run-7' });
    const add = double.requests.at(-1)!;
    expect(add.method).toBe('POST');
    expect(add.url).toBe('/v1/voices/add');
    expect(add.headers['xi-api-key']).toBe('xi-secret');
    expect(add.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(add.body.toString('latin1')).toContain('polycue-run-7');

    const clip = await engine.synthesize('Hola a todos', {
      language: 'es',
      voice,
      targetDurationMs: 1125,
      outputPath: path.join(dir, 'cue.wav'),
    });
    const speak = double.requests.at(-1)!;
    expect(speak.url).toBe(`/v1/text-to-speech/${voice}?output_format=pcm_22050`);
    expect(JSON.parse(speak.body.toString())).toEqual({
      text: 'Hola a todos',
      model_id: 'eleven_multilingual_v2',
      language_code: 'es',
      voice_settings: { speed: 1 },
    });
    // The double speaks 300 ms a word: the WAV made from its PCM says 900 ms.
    expect(clip.durationMs).toBe(900);
    expect(await wavDurationMs(clip.path)).toBe(900);

    await engine.forgetVoice(voice);
    expect(double.requests.at(-1)).toMatchObject({ method: 'DELETE', url: `/v1/voices/${voice}` });
    expect(double.voices.size).toBe(0);
  });

  it('reports the service refusing, with its status, and needs a cloned voice to speak', async () => {
    const engine = new ElevenLabsVoiceCloning({ baseUrl: double.baseUrl, apiKey: 'wrong', model: 'm' }, ['en']);
    await expect(engine.cloneVoice(sample, { name: 'x' })).rejects.toThrow(/answered 401/);
    await expect(engine.synthesize('Hi', { language: 'en' })).rejects.toThrow(/cloned voice/);
  });

  it('fits the speed to the cue window within the service range', () => {
    expect(cloningSpeedFor('one two three four', { targetDurationMs: 1500 })).toBe(1);
    expect(cloningSpeedFor('one two three four five six seven eight', { targetDurationMs: 1000 })).toBe(1.2);
    expect(cloningSpeedFor('one', { targetDurationMs: 10_000 })).toBe(0.7);
  });

  it('is configured by environment: none by default, elevenlabs with a base URL', () => {
    expect(createEngines(loadEngineConfig({})).voiceCloning).toBeNull();
    const engines = createEngines(
      loadEngineConfig({
        VOICE_CLONING_ENGINE: 'elevenlabs',
        VOICE_CLONING_BASE_URL: double.baseUrl,
        VOICE_CLONING_API_KEY: 'k',
      }),
    );
    expect(engines.voiceCloning?.name).toBe('elevenlabs');
    expect(() => loadEngineConfig({ VOICE_CLONING_ENGINE: 'elevenlabs' })).toThrow(/VOICE_CLONING_BASE_URL/);
    expect(() => loadEngineConfig({ VOICE_CLONING_ENGINE: 'clone-o-matic' })).toThrow(/VOICE_CLONING_ENGINE/);
  });
});
