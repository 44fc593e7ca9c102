/** Which popup: plain subtitles (PUT setup) or text-to-speech voice-over (PUT setup_tts). */
export type SetupKind = 'subtitles' | 'voiceOver';

/** What a popup was opened for. */
export interface SetupTarget {
  kind: SetupKind;
  projectVersionIds: string[];
}

/** The popup's choices, before they become the spec's Setup payload. */
export interface SetupForm {
  language: string | null;
  subtitleLanguages: string[];
  dubbingLanguages: string[];
  includesTranscript: boolean;
  transcript: string;
  /** Voice-over only: spoken in the speaker's own (cloned) voice instead of a synthetic one. */
  voiceCloning: boolean;
}

/** One entry of a language list: unavailable ones stay visible, disabled, with the reason. */
export interface LanguageOption {
  code: string;
  name: string;
  available: boolean;
  reason?: string;
}
