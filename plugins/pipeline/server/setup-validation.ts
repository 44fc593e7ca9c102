import type { LanguageCapabilities } from '../../../server/plugin-api';
import { fillMessage, PIPELINE_ERRORS, type RunKind, type SetupTtsSettings } from '../common/pipeline-contract';
import type { RunSettings } from './run-repository';

export interface SetupProblem {
  status: number;
  code: string;
  message: string;
  field: string;
}

const problem = (
  error: { code: string; message: string },
  field: string,
  values: Record<string, string> = {},
  status = 422,
): SetupProblem => ({
  status,
  code: error.code,
  message: fillMessage(error.message, values),
  field,
});

/**
 * The settings a run is made with: subtitle languages without the video language itself (that
 * is the transcript) and, for a voice-over, with each dubbing language that needs translating.
 */
export function normalizeSettings(
  kind: RunKind,
  includesTranscript: boolean,
  settings: Partial<SetupTtsSettings> & { language: string; subtitleLanguages: string[] },
): RunSettings {
  const dubbingLanguages = kind === 'tts' ? [...new Set(settings.dubbingLanguages ?? [])] : [];
  const subtitleLanguages = [...new Set([...settings.subtitleLanguages, ...dubbingLanguages])].filter(
    (language) => language !== settings.language,
  );
  return {
    language: settings.language,
    subtitleLanguages,
    dubbingLanguages,
    transcript: includesTranscript ? (settings.transcript ?? '').trim() : null,
    vocabularyListId: settings.vocabularyListId ?? null,
    guidelineId: settings.guidelineId ?? null,
    termbaseId: settings.termbaseId ?? null,
    voiceCloning: kind === 'tts' && settings.voiceCloning === true,
  };
}

/**
 * Refuses what this installation cannot do, naming the language, before anything is queued:
 * the lists are the ones the set-up popups offer (server/engines/capabilities.ts).
 */
export function setupProblem(
  kind: RunKind,
  versionCount: number,
  settings: RunSettings,
  capabilities: LanguageCapabilities,
): SetupProblem | null {
  const { language } = settings;
  if (settings.transcript !== null) {
    if (!settings.transcript) return problem(PIPELINE_ERRORS.transcriptMissing, 'settings.transcript');
    if (versionCount !== 1) return problem(PIPELINE_ERRORS.transcriptNeedsOneVersion, 'projectVersionIds');
    if (!capabilities.alignmentLanguages.includes(language))
      return problem(PIPELINE_ERRORS.alignmentNotSupported, 'settings.language', { language });
  } else if (!capabilities.languagesForVideos.includes(language)) {
    return problem(PIPELINE_ERRORS.languageNotSupported, 'settings.language', { language });
  }
  const reachable = capabilities.translationLanguages[language] ?? [];
  for (const to of settings.subtitleLanguages) {
    if (!reachable.includes(to))
      return problem(PIPELINE_ERRORS.translationNotSupported, 'settings.subtitleLanguages', { from: language, to });
  }
  if (kind === 'tts') {
    if (settings.dubbingLanguages.length === 0)
      return problem(PIPELINE_ERRORS.dubbingLanguagesMissing, 'settings.dubbingLanguages');
    // A cloned voice is spoken by the cloning engine alone: voiceCloningProblem checks its languages.
    if (settings.voiceCloning) return null;
    for (const dubbing of settings.dubbingLanguages) {
      if (!capabilities.dubbingLanguages.includes(dubbing))
        return problem(PIPELINE_ERRORS.dubbingNotSupported, 'settings.dubbingLanguages', { language: dubbing });
    }
  }
  return null;
}

/**
 * Refuses a voice-over in a cloned voice in a language no cloning engine here speaks. Checked
 * after the set-up guards (setup-policy.ts), so a plan that does not include voice cloning says
 * so first: the upgrade is the way on, "no engine here" is not.
 */
export function voiceCloningProblem(settings: RunSettings, capabilities: LanguageCapabilities): SetupProblem | null {
  if (!settings.voiceCloning) return null;
  for (const dubbing of settings.dubbingLanguages) {
    if (!capabilities.voiceCloningLanguages.includes(dubbing))
      return problem(PIPELINE_ERRORS.voiceCloningNotSupported, 'settings.voiceCloning', { language: dubbing });
  }
  return null;
}
