import { languageName } from '../../../../core/common/language-name';
import { MAX_SETUP_VERSIONS, MAX_TARGET_LANGUAGES, type ProjectVersionSettings } from '../../common/pipeline-contract';
import type { LanguageOption, SetupForm, SetupKind } from './setup-types';

export { languageName };

/**
 * The popups' language lists, computed from what this installation's engines can do (the settings
 * call lists them). Pure functions: the model derives its stores from them, tests call them directly.
 * A language an engine lacks is still listed, disabled, with the reason, so people learn what is
 * missing rather than wonder why their language is absent.
 */

export const REASONS = {
  noSpeechToText: 'No speech recognition for this language here: give a transcript',
  noAlignment: 'No transcript alignment for this language here',
  noTranslation: 'No translation engine for this pair here',
  isVideoLanguage: 'The video is in this language',
  noVoice: 'No voice for this language here',
} as const;

function byName(a: LanguageOption, b: LanguageOption): number {
  if (a.available !== b.available) return a.available ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/**
 * A code the browser cannot name (espeak-ng voices "bpy", "hyw" where its language data lacks
 * them) is left out rather than listed as a raw code people cannot read.
 */
const hasName = (code: string) => languageName(code).toLowerCase() !== code.toLowerCase();
const unique = (codes: Iterable<string>) => [...new Set(codes)].filter(hasName);

/** Every language any engine here knows: the universe the lists draw from. */
function knownLanguages(settings: ProjectVersionSettings): string[] {
  return unique([
    ...settings.languagesForVideos,
    ...settings.alignmentLanguages,
    ...Object.keys(settings.translationLanguages),
    ...Object.values(settings.translationLanguages).flat(),
    ...settings.dubbingLanguages,
  ]);
}

/** Video language: speech-to-text languages, or alignment languages when the user gives a transcript. */
export function videoLanguageOptions(settings: ProjectVersionSettings, includesTranscript: boolean): LanguageOption[] {
  const allowed = new Set(includesTranscript ? settings.alignmentLanguages : settings.languagesForVideos);
  const candidates = unique([...settings.languagesForVideos, ...settings.alignmentLanguages]);
  return candidates
    .map((code) => ({
      code,
      name: languageName(code),
      available: allowed.has(code),
      reason: allowed.has(code) ? undefined : includesTranscript ? REASONS.noAlignment : REASONS.noSpeechToText,
    }))
    .sort(byName);
}

/** Subtitle (translation) languages: what the engines translate into from the chosen video language. */
export function subtitleLanguageOptions(settings: ProjectVersionSettings, language: string | null): LanguageOption[] {
  const reachable = new Set(language ? (settings.translationLanguages[language] ?? []) : []);
  return knownLanguages(settings)
    .filter((code) => code !== language)
    .map((code) => ({
      code,
      name: languageName(code),
      available: reachable.has(code),
      reason: reachable.has(code) ? undefined : REASONS.noTranslation,
    }))
    .sort(byName);
}

/**
 * Dubbing languages: those with a voice that the video's language can reach (itself, or a
 * translation). Choosing one that is not yet a subtitle language adds it there (the model does),
 * since each dubbing language must be the video language or a subtitle language.
 */
export function dubbingLanguageOptions(settings: ProjectVersionSettings, language: string | null): LanguageOption[] {
  const voiced = new Set(settings.dubbingLanguages);
  const reachable = new Set(language ? [language, ...(settings.translationLanguages[language] ?? [])] : []);
  return unique([...settings.dubbingLanguages, ...reachable])
    .map((code) => {
      const reason = !voiced.has(code) ? REASONS.noVoice : !reachable.has(code) ? REASONS.noTranslation : undefined;
      return { code, name: languageName(code), available: reason === undefined, reason };
    })
    .sort(byName);
}

const availableCodes = (options: LanguageOption[]) => new Set(options.filter((o) => o.available).map((o) => o.code));

/**
 * Keeps a form consistent with the lists after any change: a video language the list no longer
 * allows gives way to the first allowed one, and subtitle and dubbing choices the new video
 * language cannot reach are dropped.
 */
export function reconcileForm(settings: ProjectVersionSettings, form: SetupForm): SetupForm {
  const videoOptions = videoLanguageOptions(settings, form.includesTranscript);
  const videoAllowed = availableCodes(videoOptions);
  const language =
    form.language && videoAllowed.has(form.language)
      ? form.language
      : (videoOptions.find((o) => o.available)?.code ?? null);
  const subtitleAllowed = availableCodes(subtitleLanguageOptions(settings, language));
  const subtitleLanguages = form.subtitleLanguages.filter((code) => subtitleAllowed.has(code));
  // A dubbing language is spoken in the video or comes with its subtitles: unticking the subtitle drops the dubbing.
  const dubbingAllowed = availableCodes(dubbingLanguageOptions(settings, language));
  const dubbingLanguages = form.dubbingLanguages.filter(
    (code) => dubbingAllowed.has(code) && (code === language || subtitleLanguages.includes(code)),
  );
  const next = {
    ...form,
    language,
    subtitleLanguages: unique(subtitleLanguages),
    dubbingLanguages: unique(dubbingLanguages),
  };
  // Voice cloning stays ticked only while every dubbing language can be cloned here.
  return next.voiceCloning && !voiceCloningAvailability(settings, next).available
    ? { ...next, voiceCloning: false }
    : next;
}

/** Whether the voice-over can be spoken in the speaker's own voice, and if not why (shown beside the option). */
export function voiceCloningAvailability(
  settings: ProjectVersionSettings,
  form: Pick<SetupForm, 'dubbingLanguages'>,
): { available: boolean; reason: string | null } {
  const cloned = settings.voiceCloningLanguages ?? [];
  // Said before any run instead of failing at run time.
  if (cloned.length === 0) return { available: false, reason: 'No voice cloning engine is set up on this server.' };
  const missing = form.dubbingLanguages.filter((code) => !cloned.includes(code));
  if (missing.length > 0)
    return { available: false, reason: `Not available in ${missing.map(languageName).join(', ')}.` };
  if (form.dubbingLanguages.length === 0) return { available: false, reason: 'Choose a dubbing language first.' };
  return { available: true, reason: null };
}

/**
 * The popup's first state: the server's preselection (this version's last setup, else the user's
 * last used), the last used dubbing languages, then whatever the engines cannot do is dropped.
 * A voice-over with nothing remembered dubs into the first voiced subtitle language, else the video's.
 */
export function initialForm(settings: ProjectVersionSettings, kind: SetupKind): SetupForm {
  const last = settings.lastUsedSettings;
  const form = reconcileForm(settings, {
    language: settings.language ?? last?.language ?? null,
    subtitleLanguages: settings.subtitleLanguages.length ? settings.subtitleLanguages : (last?.subtitleLanguages ?? []),
    dubbingLanguages: kind === 'voiceOver' ? (last?.dubbingLanguages ?? []) : [],
    includesTranscript: false,
    transcript: '',
    voiceCloning: false,
  });
  if (kind === 'voiceOver' && form.dubbingLanguages.length === 0) {
    const allowed = dubbingLanguageOptions(settings, form.language)
      .filter((o) => o.available)
      .map((o) => o.code);
    const preferred =
      form.subtitleLanguages.find((code) => allowed.includes(code)) ??
      (form.language && allowed.includes(form.language) ? form.language : undefined);
    if (preferred) return { ...form, dubbingLanguages: [preferred] };
  }
  return form;
}

/** Why the form cannot be sent yet, in words for the popup; null when it can. */
export function formProblem(kind: SetupKind, form: SetupForm, versionCount: number): string | null {
  if (versionCount > MAX_SETUP_VERSIONS) return `Set up at most ${MAX_SETUP_VERSIONS} project versions at a time`;
  if (!form.language) return 'Choose the language spoken in the video';
  if (form.subtitleLanguages.length > MAX_TARGET_LANGUAGES)
    return `Choose at most ${MAX_TARGET_LANGUAGES} subtitle languages`;
  if (form.dubbingLanguages.length > MAX_TARGET_LANGUAGES)
    return `Choose at most ${MAX_TARGET_LANGUAGES} dubbing languages`;
  if (form.includesTranscript && versionCount > 1) return 'A transcript can be given for one project version at a time';
  if (form.includesTranscript && !form.transcript.trim())
    return 'Paste the transcript, or untick "I have a transcript"';
  if (kind === 'voiceOver' && form.dubbingLanguages.length === 0) return 'Choose at least one dubbing language';
  return null;
}

/** Ticking a dubbing language also ticks its subtitle language (unless it is the video's); unticking leaves the subtitles alone. */
export function toggleDubbing(form: SetupForm, code: string): SetupForm {
  if (form.dubbingLanguages.includes(code))
    return { ...form, dubbingLanguages: form.dubbingLanguages.filter((c) => c !== code) };
  const subtitleLanguages =
    code === form.language || form.subtitleLanguages.includes(code)
      ? form.subtitleLanguages
      : [...form.subtitleLanguages, code];
  return { ...form, subtitleLanguages, dubbingLanguages: [...form.dubbingLanguages, code] };
}
