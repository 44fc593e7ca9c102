import { PocketsphinxAlignment } from './alignment/pocketsphinx-alignment';
import { SpeechToTextAlignment } from './alignment/speech-to-text-alignment';
import { loadEngineConfig, type EngineConfig } from './engine-config';
import type {
  AlignmentEngine,
  SpeechSynthesisEngine,
  SpeechToTextEngine,
  TranslationEngine,
  VoiceCloningEngine,
} from './engine-interfaces';
import { ElevenLabsVoiceCloning } from './synthesis/elevenlabs-voice-cloning';
import { OpenAiSpeechToText } from './speech-to-text/openai-speech-to-text';
import { PocketsphinxSpeechToText } from './speech-to-text/pocketsphinx-speech-to-text';
import { EspeakSpeechSynthesis } from './synthesis/espeak-speech-synthesis';
import { OpenAiSpeechSynthesis } from './synthesis/openai-speech-synthesis';
import { ApertiumTranslation } from './translation/apertium-translation';
import { craftTermBase } from './translation/craft-term-base';
import { OpenAiTranslation } from './translation/openai-translation';
import type { TermBase } from './translation/term-base';

export interface Engines {
  speechToText: SpeechToTextEngine;
  alignment: AlignmentEngine;
  translation: TranslationEngine;
  speechSynthesis: SpeechSynthesisEngine;
  /** Null when none is configured: the set-up popup then says so (voiceCloningLanguages is empty). */
  voiceCloning: VoiceCloningEngine | null;
}

/** The engines a configuration names; the term base defaults to the pipeline craft's rules. */
export function createEngines(config: EngineConfig, termBase: TermBase = craftTermBase): Engines {
  const localSpeechToText = new PocketsphinxSpeechToText();
  const speechToText =
    config.speechToText.kind === 'openai'
      ? new OpenAiSpeechToText(config.speechToText.service, config.speechToText.languages)
      : localSpeechToText;
  const alignment =
    config.alignment.kind === 'openai'
      ? new SpeechToTextAlignment(new OpenAiSpeechToText(config.alignment.service, config.alignment.languages))
      : new PocketsphinxAlignment(localSpeechToText);
  const translation =
    config.translation.kind === 'openai'
      ? new OpenAiTranslation(config.translation.service, config.translation.languages, termBase)
      : new ApertiumTranslation(termBase);
  const speechSynthesis =
    config.speechSynthesis.kind === 'openai'
      ? new OpenAiSpeechSynthesis(config.speechSynthesis.service, config.speechSynthesis.voices)
      : new EspeakSpeechSynthesis();
  const voiceCloning =
    config.voiceCloning.kind === 'elevenlabs'
      ? new ElevenLabsVoiceCloning(config.voiceCloning.service, config.voiceCloning.languages)
      : null;
  return { speechToText, alignment, translation, speechSynthesis, voiceCloning };
}

let processEngines: Engines | null = null;

/** This process's engines, from its environment, made once (web and worker processes alike). */
export function defaultEngines(): Engines {
  processEngines ??= createEngines(loadEngineConfig());
  return processEngines;
}
