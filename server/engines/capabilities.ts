import type { Engines } from './engine-registry';
import { defaultEngines } from './engine-registry';
import { reachableTargets } from './translation/translation-routes';
import { engineNotes, type EngineNotes } from './engine-notes';

/**
 * The spec's language lists of the project version settings (docs/product-contract.md#entities-and-fields), computed from
 * the engines this installation really has, so the set-up popups only offer what will work.
 */
export interface LanguageCapabilities {
  /** Languages a video can be in: speech to text can transcribe them. */
  languagesForVideos: string[];
  /** For each source language, the subtitle languages reachable by a direct or pivot pair. */
  translationLanguages: Record<string, string[]>;
  /** Video languages that cannot be translated into anything here. */
  nonTranslatableLanguages: string[];
  /** Languages in which a user's own transcript can be aligned. */
  alignmentLanguages: string[];
  /** Languages with a synthesis voice. */
  dubbingLanguages: string[];
  /** Languages the voice-over can be spoken in the speaker's own voice: the cloning engine's, none without one. */
  voiceCloningLanguages: string[];
  /** Which engine runs each step here, and what to expect from it (not in the spec: ours). */
  engines: EngineNotes;
}

const sorted = (languages: Iterable<string>) => [...new Set(languages)].sort();

export async function computeCapabilities(engines: Engines): Promise<LanguageCapabilities> {
  const [sttLanguages, alignmentLanguages, pairs, voices, cloningVoices] = await Promise.all([
    engines.speechToText.languages(),
    engines.alignment.languages(),
    engines.translation.pairs(),
    engines.speechSynthesis.voices(),
    engines.voiceCloning?.voices() ?? Promise.resolve([]),
  ]);
  // Sources: every language a video can be in, plus any language a pair starts from (a user's
  // transcript or an imported SRT may be in a language speech to text does not know).
  const sources = sorted([...sttLanguages, ...alignmentLanguages, ...pairs.map((pair) => pair.from)]);
  const translationLanguages: Record<string, string[]> = {};
  for (const source of sources) {
    const targets = reachableTargets(pairs, source);
    if (targets.length > 0) translationLanguages[source] = targets;
  }
  return {
    languagesForVideos: sorted(sttLanguages),
    translationLanguages,
    nonTranslatableLanguages: sorted(
      [...sttLanguages, ...alignmentLanguages].filter((language) => !translationLanguages[language]),
    ),
    alignmentLanguages: sorted(alignmentLanguages),
    dubbingLanguages: sorted(voices.map((voice) => voice.language)),
    voiceCloningLanguages: sorted(cloningVoices.map((voice) => voice.language)),
    engines: engineNotes(engines),
  };
}

const cache = new WeakMap<Engines, Promise<LanguageCapabilities>>();

/** Computed once per set of engines (installed packages do not change while the process runs). */
export function languageCapabilities(engines: Engines = defaultEngines()): Promise<LanguageCapabilities> {
  let capabilities = cache.get(engines);
  if (!capabilities) {
    capabilities = computeCapabilities(engines);
    capabilities.catch(() => cache.delete(engines)); // a failed discovery is retried next time
    cache.set(engines, capabilities);
  }
  return capabilities;
}
