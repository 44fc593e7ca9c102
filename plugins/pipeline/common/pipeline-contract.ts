/**
 * The pipeline calls as both sides see them (docs/product-contract.md#entities-and-fields "Project version settings", "TTS
 * settings", "Processing info", "Setup payload"; docs/product-contract.md#calls "Project versions"; docs/product-contract.md#messages
 * "Projects"; docs/product-contract.md#constants-and-limits). Paths, field names and messages are the spec's, verbatim.
 *
 * Conventions shared with projects-contract.ts: ids are bigint as decimal strings, durations in
 * SECONDS (numbers, millisecond precision), languages are ISO 639-1 codes (`en`, `es`; show
 * them with `Intl.DisplayNames`). Errors come back as `{ statusCode, error, message, code?,
 * field? }`; `message` is written for people and may be shown as a toast's description.
 */
import { versionSubtitlePage } from '../../projects/common/project-version-page';

export const PIPELINE_PATHS = {
  /** GET ?workspaceId&projectVersionIds (comma separated or repeated) -> ProjectVersionSettingsResponse. */
  showSettings: '/api/v1/project_versions/show_settings',
  /** GET ?workspaceId&projectVersionIds -> ProjectVersionSettingsResponse (lastUsedSettings of the TTS popup). */
  showSettingsTts: '/api/v1/project_versions/show_settings_tts',
  /** PUT SetupRequest -> 202 SetupResponse. */
  setup: '/api/v1/project_versions/setup',
  /** PUT SetupTtsRequest -> 202 SetupResponse. */
  setupTts: '/api/v1/project_versions/setup_tts',
  /** GET -> ProcessingInfoResponse. */
  showProcessingInfo: (projectVersionId: string) => `/api/v1/project_versions/${projectVersionId}/show_processing_info`,
  /** GET -> CurrentProcessingStepResponse (the light poll). */
  showCurrentProcessingStep: (projectVersionId: string) =>
    `/api/v1/project_versions/${projectVersionId}/show_current_processing_step`,
  /** GET: the dubbed voice-over of a TTS run (`kind` audio: audio/wav mix; video: video/mp4 with it). 404 until mixed. */
  dubbedMedia: (projectVersionId: string, language: string, kind: 'audio' | 'video') =>
    `/api/v1/project_versions/${projectVersionId}/dubbed_media/${language}/${kind}`,
} as const;

/**
 * `processing`, the pipeline's column of the projects list (not in the spec: ours): the latest
 * run of the version, or null before any. `progress` moves with the run's own changes.
 */
export interface ProcessingSummary {
  kind: 'plain' | 'tts';
  state: RunState;
  failureStep: ProcessingStepName | null;
  failure: string | null;
  /** 0..1 */
  progress: number;
  /** Languages the run dubbed. */
  dubbed: string[];
  /** Done, but the speech recognition heard no word (a silent video). */
  noSpeech: boolean;
}

/** docs/product-contract.md#screens-and-routes: the processing page, reached after a single project with a transcript is submitted. */
export const processingPage = (projectVersionId: string) =>
  `/processing?projectVersionId=${encodeURIComponent(projectVersionId)}`;

/**
 * The editor URL the server returns after a setup with a transcript (docs/product-contract.md#screens-and-routes). Until the
 * editor exists it opens a read-only view of that subtitle (built by the subtitles plugin).
 */
export const editorUrl = versionSubtitlePage;

/** docs/product-contract.md#constants-and-limits: after a failed processing-info load, go to / after 2 s. */
export const PROCESSING_INFO_FAILURE_REDIRECT_MS = 2000;
/** How often the processing page polls show_current_processing_step (not in the spec; our choice). */
export const PROCESSING_POLL_INTERVAL_MS = 2000;
/** A user's transcript (includesTranscript) may be this long, in characters. */
export const TRANSCRIPT_MAX_LENGTH = 500_000;
/** Subtitle/dubbing languages one setup may ask for. */
export const MAX_TARGET_LANGUAGES = 20;
/** Project versions one setup may name. */
export const MAX_SETUP_VERSIONS = 500;

/** Toasts, verbatim from docs/product-contract.md#messages "Projects" (those the set-up popups and the processing page show). */
export const PIPELINE_MESSAGES = {
  requestNotSubmitted: 'Request could not be submitted',
  settingsNotLoaded: 'Settings could not be loaded',
  languageDataNotLoaded: 'Language data could not be loaded',
  voiceOverNotTranslated: 'Voice-over cannot be translated',
  processingInfoNotLoaded: 'Processing info could not be loaded',
  projectNotCreated: 'Project cannot be created',
  requestSubmitted: 'Request submitted',
  emailOnceReady: "You'll get an email once it's ready",
  processingProjects: "We're processing your project(s)",
} as const;

/**
 * Error codes (the `code` of a 4xx body) and their server messages. `{language}`, `{from}`,
 * `{to}` are filled in; the message always names the language that is refused.
 */
export const PIPELINE_ERRORS = {
  /** 422: the video language is not one speech to text (or alignment, with a transcript) handles here. */
  languageNotSupported: { code: 'language_not_supported', message: 'No engine here transcribes {language}' },
  /** 422: with a transcript, the language must be an alignment language. */
  alignmentNotSupported: {
    code: 'alignment_not_supported',
    message: 'No engine here aligns a transcript in {language}',
  },
  /** 422: a subtitle language not reachable from the video language. */
  translationNotSupported: {
    code: 'translation_not_supported',
    message: 'No engine here translates from {from} to {to}',
  },
  /** 422: voice cloning asked in a language no engine here clones (none does yet). */
  voiceCloningNotSupported: {
    code: 'voice_cloning_not_supported',
    message: 'No engine here clones a voice in {language}',
  },
  /** 422: a dubbing language without a synthesis voice. */
  dubbingNotSupported: { code: 'dubbing_not_supported', message: 'No voice here speaks {language}' },
  /** 422: includesTranscript without settings.transcript text. */
  transcriptMissing: { code: 'transcript_missing', message: 'The transcript is empty' },
  /** 422: a transcript belongs to one video. */
  transcriptNeedsOneVersion: {
    code: 'transcript_needs_one_version',
    message: 'A transcript can be given for one project version at a time',
  },
  /** 422: TTS setup without any dubbing language. */
  dubbingLanguagesMissing: { code: 'dubbing_languages_missing', message: 'Choose at least one dubbing language' },
  /** 409: a version whose element is still downloading or has no media. */
  mediaNotReady: { code: 'media_not_ready', message: 'The video of "{title}" is not ready yet' },
  /** 409: a version already being processed (a run that is neither done nor failed). */
  alreadyProcessing: { code: 'already_processing', message: '"{title}" is already being processed' },
  /** 404: a version not found in this workspace (another workspace's looks the same). */
  projectVersionNotFound: { code: 'project_version_not_found', message: 'Project version not found' },
  /** 422: a vocabulary list, guideline or term base id that is not in this workspace. */
  resourceNotFound: { code: 'resource_not_found', message: 'The chosen {resource} was not found in this workspace' },
} as const;

export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The steps of a run, in order (one pg-boss job each, queue `pipeline.<step>`). A run's
 * `allProcessingSteps` is the subset it needs: `alignment` replaces `speech_to_text` when a
 * transcript was given; `translation` only when there are subtitle languages; `synthesis` and
 * `mixing` only for TTS. (A version whose link element is still downloading is refused at setup
 * with 409 media_not_ready: set it up once the element is ready.)
 */
export const PROCESSING_STEPS = [
  'fetch_media',
  'probe',
  'extract_audio',
  'speech_to_text',
  'alignment',
  'segmentation',
  'translation',
  'synthesis',
  'mixing',
  'finish',
] as const;
export type ProcessingStepName = (typeof PROCESSING_STEPS)[number];

/** Labels for people (the processing page). */
export const PROCESSING_STEP_LABELS: Record<ProcessingStepName, string> = {
  fetch_media: 'Fetching the video',
  probe: 'Reading the video',
  extract_audio: 'Extracting the audio',
  speech_to_text: 'Transcribing the speech',
  alignment: 'Aligning your transcript',
  segmentation: 'Making subtitles',
  translation: 'Translating',
  synthesis: 'Synthesising the voice-over',
  mixing: 'Mixing the voice-over',
  finish: 'Finishing',
};

/** queued: set up, no step started; running; done; failed (see `failure`). */
export type RunState = 'queued' | 'running' | 'done' | 'failed';
export type RunKind = 'plain' | 'tts';

/** A language choice the popups remember per user (spec "last used settings"). */
export interface LastUsedSettings {
  language: string | null;
  subtitleLanguages: string[];
  /** TTS popup only (empty for the plain popup). */
  dubbingLanguages: string[];
  vocabularyListId: string | null;
  guidelineId: string | null;
  termbaseId: string | null;
}

/** Spec "per-element upload data", one per selected project version that has an element. */
export interface ElementUploadData {
  elementId: string;
  /** Seconds; 0 while downloading. */
  duration: number;
  projectVersionId: string;
  downloading: boolean;
  /** Bytes. */
  size: number;
}

/**
 * GET show_settings / show_settings_tts (docs/product-contract.md#entities-and-fields "Project version settings").
 * The language lists are computed from the engines this installation really has.
 */
export interface ProjectVersionSettings {
  /** Seconds: the total of the selected versions. */
  duration: number;
  /** The video language to preselect: the last setup of these versions, else the user's last used, else null. */
  language: string | null;
  /** Subtitle languages to preselect (same rule). */
  subtitleLanguages: string[];
  /** Whether voice and background can be separated: no engine here does (the voice-over ducks the original). */
  hasAudioSeparation: boolean;
  /** Seconds of video the subscription still allows this period (what is left of its monthly minutes); null: no limit (no billing in this installation). */
  subscriptionSubtitlesLength: number | null;
  /** Translation targets (subtitle and dubbing languages) the account's plan allows in one run (ours); null: no plan limit. */
  targetLanguagesAllowed: number | null;
  /** Whether a voice-over (TTS run) was already set up for one of these versions. */
  hasVoice: boolean;
  /** Languages a video can be in (speech to text). */
  languagesForVideos: string[];
  /**
   * For each source (video) language, the subtitle languages reachable by a direct or pivot
   * translation: the popup offers `translationLanguages[language] ?? []` once a video language is chosen.
   */
  translationLanguages: Record<string, string[]>;
  /** Video languages that cannot be translated into anything here. */
  nonTranslatableLanguages: string[];
  /** Languages a user's own transcript can be aligned in (includesTranscript needs one of these). */
  alignmentLanguages: string[];
  /** Languages with a synthesis voice. */
  dubbingLanguages: string[];
  /** Always empty: no engine here clones voices (the "voice cloning upgrade" popup explains it). */
  voiceCloningLanguages: string[];
  /**
   * Not in the spec (ours): which engine runs each step in this installation and what to expect
   * from it, so the popups can say it (the embedded recogniser is a draft).
   */
  engines?: Record<'speechToText' | 'alignment' | 'translation' | 'speechSynthesis', { name: string; expect: string }>;
  /** null the first time. */
  lastUsedSettings: LastUsedSettings | null;
  elements: ElementUploadData[];
}
export interface ProjectVersionSettingsResponse {
  data: ProjectVersionSettings;
}

/** Spec "Setup payload": settings of the plain popup. */
export interface SetupSettings {
  /** The video language. */
  language: string;
  /** Translation targets (may be empty: transcript only). */
  subtitleLanguages: string[];
  /** The user's own transcript (plain text) when includesTranscript; it is aligned, not recognised. */
  transcript?: string;
  /** Workspace resources passed to the engines when set (vocabulary to speech to text; guideline and term base to translation). */
  vocabularyListId?: string | null;
  guidelineId?: string | null;
  termbaseId?: string | null;
}
export interface SetupRequest {
  projectVersionIds: string[];
  includesTranscript: boolean;
  workspaceId: string;
  settings: SetupSettings;
}

/**
 * Spec "TTS settings": language, subtitleLanguages, dubbingLanguages. A dubbing language other
 * than the video language is translated first: the server adds it to subtitleLanguages.
 */
export interface SetupTtsSettings extends SetupSettings {
  dubbingLanguages: string[];
  /** The voice-over in the speaker's own voice (ours): refused unless the language is in voiceCloningLanguages and the plan allows it. */
  voiceCloning?: boolean;
}
export interface SetupTtsRequest {
  projectVersionIds: string[];
  includesTranscript: boolean;
  workspaceId: string;
  settings: SetupTtsSettings;
}

export interface SetupRun {
  projectVersionId: string;
  runId: string;
  /** The transcript subtitle (video language), created at setup so its URL is known at once. */
  subtitleId: string;
}
/** 202: the runs are queued; the reply does not wait for any step. */
export interface SetupResponse {
  data: SetupRun[];
  /** Only when includesTranscript: editorUrl(...) of the first version's transcript subtitle. */
  editorUrl?: string;
}

export interface ProcessingStepProgress {
  step: ProcessingStepName;
  state: 'pending' | 'running' | 'done' | 'failed';
  /** 0..1 */
  progress: number;
}

export interface ProcessingFailure {
  step: ProcessingStepName;
  /** For people, e.g. 'The video has no audio track'. */
  message: string;
}

export interface SubtitleOfRun {
  subtitleId: string;
  language: string;
  kind: 'transcript' | 'translation';
}

/** GET show_current_processing_step: what the processing page polls. */
export interface CurrentProcessingStep {
  allProcessingSteps: ProcessingStepName[];
  /** The step running now (or next to run); 'finish' once done; the failed step when failed. */
  currentProcessingStep: ProcessingStepName;
  state: RunState;
  /** 0..1 over the whole run. */
  progress: number;
  steps: ProcessingStepProgress[];
  failure: ProcessingFailure | null;
  /**
   * Done, but no word was heard (a silent video): the subtitles are empty because there was
   * nothing to hear, not by a fault. The processing page says "No speech heard" (the text lives
   * there, in its lazy chunk: a constant here would land in the initial JavaScript).
   */
  noSpeech: boolean;
}

/** GET show_processing_info (docs/product-contract.md#entities-and-fields "Processing info"). */
export interface ProcessingInfo extends CurrentProcessingStep {
  /** Seconds. */
  projectVersionDuration: number;
  projectTitle: string;
  projectId: string;
  /** The transcript subtitle. */
  subtitleId: string;
  /** The guideline the run was set up with, or null (not in the spec: ours; the editor checks its reading rules). */
  guidelineId?: string | null;
  hasVoice: boolean;
  subtitles: SubtitleOfRun[];
  /** TTS runs, once mixed: authorised download routes of the dubbed track per language, else empty. */
  dubbedMedia: { language: string; audioUrl: string; videoUrl: string | null }[];
  /** What each finished translation reports (not in the spec: ours), by subtitle language. */
  translations: TranslationOfRun[];
}

/**
 * A translation's report: its cues, those still breaking a reading rule (for the editor), and
 * the term base: terms in the transcript, those the subtitles hold as agreed, and those the
 * engine got wrong and Polycue put right.
 */
export interface TranslationOfRun {
  language: string;
  cues: number;
  flaggedCues: number;
  terms: { occurrences: number; honoured: number };
  termsFixed: { source: string; target: string; count: number }[];
}

/** `data: null` when the version was never set up (docs/product-contract.md#validation: a missing processing info is an empty case). */
export interface ProcessingInfoResponse {
  data: ProcessingInfo | null;
}
export interface CurrentProcessingStepResponse {
  data: CurrentProcessingStep | null;
}
