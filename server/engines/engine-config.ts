import { ConfigError } from '../config';
import type { Voice } from './engine-interfaces';
import type { OpenAiServiceConfig } from './openai-client';
import type { VoiceCloningServiceConfig } from './synthesis/elevenlabs-voice-cloning';

/**
 * Which engine does each job, from the environment. Defaults are the embedded Debian engines;
 * `<JOB>_ENGINE=openai` with `<JOB>_BASE_URL` (and optionally `_API_KEY`, `_MODEL`,
 * `_LANGUAGES`) points a job at an OpenAI-compatible service instead:
 *   STT_ENGINE          pocketsphinx | openai    (STT_BASE_URL, STT_API_KEY, STT_MODEL=whisper-1, STT_LANGUAGES)
 *   ALIGNMENT_ENGINE    pocketsphinx | openai    (uses ALIGNMENT_BASE_URL..., else the STT_ service)
 *   TRANSLATION_ENGINE  apertium | openai        (TRANSLATION_BASE_URL, ..._MODEL=gpt-4o-mini, ..._LANGUAGES)
 *   TTS_ENGINE          espeak | openai          (TTS_BASE_URL, ..._MODEL=tts-1, TTS_VOICE=alloy, TTS_LANGUAGES)
 *   VOICE_CLONING_ENGINE none | elevenlabs      (VOICE_CLONING_BASE_URL, _API_KEY, _MODEL=eleven_multilingual_v2,
 *                                                VOICE_CLONING_LANGUAGES): an ElevenLabs-compatible API; none by default
 * A service cannot be asked which languages it handles, so `_LANGUAGES` (comma-separated ISO
 * 639-1 codes) says it; the defaults are what Whisper-class and GPT-class models cover.
 */
export type ServiceChoice<Embedded extends string> =
  { kind: Embedded } | { kind: 'openai'; service: OpenAiServiceConfig; languages: string[] };

export interface EngineConfig {
  speechToText: ServiceChoice<'pocketsphinx'>;
  alignment: ServiceChoice<'pocketsphinx'>;
  translation: ServiceChoice<'apertium'>;
  speechSynthesis: { kind: 'espeak' } | { kind: 'openai'; service: OpenAiServiceConfig; voices: Voice[] };
  /** The voice-over in the speaker's own voice: no engine unless one is configured. */
  voiceCloning: { kind: 'none' } | { kind: 'elevenlabs'; service: VoiceCloningServiceConfig; languages: string[] };
}

/** What ElevenLabs' multilingual v2 model speaks (ISO 639-1), the default of VOICE_CLONING_LANGUAGES. */
export const CLONING_LANGUAGES =
  'ar bg cs da de el en es fi fr hi hr id it ja ko ms nl pl pt ro ru sk sv ta tr uk zh'.split(' ');

export const WHISPER_LANGUAGES = (
  'af am ar as az ba be bg bn bo br bs ca cs cy da de el en es et eu fa fi fo fr gl gu ha he hi hr ht hu hy id is it ja jw ka ' +
  'kk km kn ko la lb ln lo lt lv mg mi mk ml mn mr ms mt my ne nl nn no oc pa pl ps pt ro ru sa sd si sk sl sn so sq sr su sv ' +
  'sw ta te tg th tk tl tr tt uk ur uz vi yi yo zh'
).split(' ');

export const CHAT_TRANSLATION_LANGUAGES =
  'ar bg ca cs da de el en es et fi fr he hi hr hu id it ja ko lt lv nl no pl pt ro ru sk sl sv th tr uk vi zh'.split(
    ' ',
  );

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

function languages(env: Env, name: string, fallback: string[]): string[] {
  const raw = value(env, name);
  if (!raw) return fallback;
  const list = raw
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((code) => !/^[a-z]{2,3}$/.test(code));
  if (bad) throw new ConfigError(name, `"${bad}" is not a language code (use ISO 639-1 like "en")`);
  return list;
}

function service(env: Env, prefix: string, defaultModel: string, fallbackPrefix?: string): OpenAiServiceConfig {
  const pick = (suffix: string) =>
    value(env, `${prefix}_${suffix}`) ?? (fallbackPrefix ? value(env, `${fallbackPrefix}_${suffix}`) : undefined);
  const baseUrl = pick('BASE_URL');
  if (!baseUrl) throw new ConfigError(`${prefix}_BASE_URL`, `required when ${prefix}_ENGINE=openai`);
  try {
    if (!/^https?:$/.test(new URL(baseUrl).protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(`${prefix}_BASE_URL`, `"${baseUrl}" is not an http(s) URL`);
  }
  return { baseUrl, apiKey: pick('API_KEY'), model: pick('MODEL') ?? defaultModel };
}

function kind<T extends string, S extends string = 'openai'>(
  env: Env,
  name: string,
  embedded: T,
  serviceKind = 'openai' as S,
): T | S {
  const chosen = (value(env, name) ?? embedded).toLowerCase();
  if (chosen !== embedded && chosen !== serviceKind)
    throw new ConfigError(name, `"${chosen}" is not one of ${embedded}, ${serviceKind}`);
  return chosen as T | S;
}

export function loadEngineConfig(env: Env = process.env): EngineConfig {
  const sttKind = kind(env, 'STT_ENGINE', 'pocketsphinx');
  const alignmentKind = kind(env, 'ALIGNMENT_ENGINE', 'pocketsphinx');
  const translationKind = kind(env, 'TRANSLATION_ENGINE', 'apertium');
  const ttsKind = kind(env, 'TTS_ENGINE', 'espeak');
  const ttsLanguages = languages(env, 'TTS_LANGUAGES', WHISPER_LANGUAGES);
  const ttsVoice = value(env, 'TTS_VOICE') ?? 'alloy';
  const cloningKind = kind(env, 'VOICE_CLONING_ENGINE', 'none', 'elevenlabs');
  return {
    speechToText:
      sttKind === 'openai'
        ? {
            kind: 'openai',
            service: service(env, 'STT', 'whisper-1'),
            languages: languages(env, 'STT_LANGUAGES', WHISPER_LANGUAGES),
          }
        : { kind: 'pocketsphinx' },
    alignment:
      alignmentKind === 'openai'
        ? {
            kind: 'openai',
            service: service(env, 'ALIGNMENT', 'whisper-1', 'STT'),
            languages: languages(env, 'ALIGNMENT_LANGUAGES', languages(env, 'STT_LANGUAGES', WHISPER_LANGUAGES)),
          }
        : { kind: 'pocketsphinx' },
    translation:
      translationKind === 'openai'
        ? {
            kind: 'openai',
            service: service(env, 'TRANSLATION', 'gpt-4o-mini'),
            languages: languages(env, 'TRANSLATION_LANGUAGES', CHAT_TRANSLATION_LANGUAGES),
          }
        : { kind: 'apertium' },
    speechSynthesis:
      ttsKind === 'openai'
        ? {
            kind: 'openai',
            service: service(env, 'TTS', 'tts-1'),
            voices: ttsLanguages.map((language) => ({ language, voice: ttsVoice })),
          }
        : { kind: 'espeak' },
    voiceCloning:
      cloningKind === 'elevenlabs'
        ? {
            kind: 'elevenlabs',
            service: service(env, 'VOICE_CLONING', 'eleven_multilingual_v2'),
            languages: languages(env, 'VOICE_CLONING_LANGUAGES', CLONING_LANGUAGES),
          }
        : { kind: 'none' },
  };
}
