import { describe, expect, it } from 'vitest';
import { computeCapabilities, languageCapabilities } from './capabilities';
import { loadEngineConfig } from './engine-config';
import { createEngines, type Engines } from './engine-registry';

describe('language capabilities of this installation', () => {
  it('comes from the installed Debian engines', async () => {
    const capabilities = await languageCapabilities(createEngines(loadEngineConfig({})));
    expect(capabilities.languagesForVideos).toContain('en');
    expect(capabilities.alignmentLanguages).toContain('en');
    expect(capabilities.translationLanguages.en).toEqual(expect.arrayContaining(['es', 'ca']));
    // fr -> ca exists only through Spanish.
    expect(capabilities.translationLanguages.fr).toContain('ca');
    expect(capabilities.dubbingLanguages).toEqual(expect.arrayContaining(['en', 'es', 'fr']));
    // No cloning engine unless one is configured: the popup says so.
    expect(capabilities.voiceCloningLanguages).toEqual([]);
    // Named honestly: the embedded recogniser is a draft.
    expect(capabilities.engines.speechToText.name).toBe('PocketSphinx, on this server');
    expect(capabilities.engines.speechToText.expect).toMatch(/draft/);
    expect(capabilities.engines.translation.name).toMatch(/Apertium/);
    expect(capabilities.engines.speechSynthesis.name).toMatch(/eSpeak NG/);
  });

  it('names a connected Whisper-class service instead when STT_ENGINE=openai', async () => {
    const engines = createEngines(
      loadEngineConfig({ STT_ENGINE: 'openai', STT_BASE_URL: 'http://127.0.0.1:9/v1', STT_LANGUAGES: 'en' }),
    );
    const capabilities = await computeCapabilities(engines);
    expect(capabilities.engines.speechToText.name).toMatch(/Whisper-class/);
    expect(capabilities.engines.speechToText.expect).not.toMatch(/draft/);
  });

  it('offers voice cloning in the languages of a configured cloning engine', async () => {
    const engines = createEngines(
      loadEngineConfig({
        VOICE_CLONING_ENGINE: 'elevenlabs',
        VOICE_CLONING_BASE_URL: 'http://127.0.0.1:9',
        VOICE_CLONING_LANGUAGES: 'es,en',
      }),
    );
    expect((await computeCapabilities(engines)).voiceCloningLanguages).toEqual(['en', 'es']);
  });

  it('marks a video language with no route out as non-translatable and caches the result', async () => {
    let calls = 0;
    const engines: Engines = {
      speechToText: { name: 'stt', languages: async () => (calls++, ['en', 'ja']), transcribe: async () => [] },
      alignment: { name: 'align', languages: async () => ['en'], align: async () => [] },
      translation: { name: 'tr', pairs: async () => [{ from: 'en', to: 'es' }], translate: async (cues) => cues },
      speechSynthesis: {
        name: 'tts',
        voices: async () => [{ language: 'es', voice: 'es' }],
        synthesize: async () => ({ path: '', durationMs: 0 }),
      },
      voiceCloning: null,
    };
    const first = await languageCapabilities(engines);
    expect(first.nonTranslatableLanguages).toEqual(['ja']);
    expect(first.translationLanguages).toEqual({ en: ['es'] });
    expect(await languageCapabilities(engines)).toBe(first);
    expect(calls).toBe(1);
    expect((await computeCapabilities(engines)).dubbingLanguages).toEqual(['es']);
  });
});
