/**
 * The engine contracts the pipeline talks to. Each has an embedded default built on Debian
 * packages (pocketsphinx, apertium, espeak-ng) and an adapter for an OpenAI-compatible HTTP
 * service; voice cloning has no embedded engine, only an ElevenLabs-compatible adapter, and is
 * absent unless configured. engine-registry.ts picks one per engine from the configuration.
 * Language codes are ISO 639-1 (`en`, `es`, ...); times are milliseconds from the audio start.
 */

/** One recognised or aligned word. `confidence` is 0..1 (1 when the engine gives none). */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  confidence: number;
}

export interface TranscribeOptions {
  language: string;
  /** Workspace vocabulary: names and terms the engine should be able to recognise. */
  vocabulary?: string[];
  signal?: AbortSignal;
}

export interface SpeechToTextEngine {
  readonly name: string;
  languages(): Promise<string[]>;
  /** `audioPath` is a 16 kHz mono WAV (media.ts extractAudio). */
  transcribe(audioPath: string, options: TranscribeOptions): Promise<TimedWord[]>;
}

export interface AlignOptions {
  language: string;
  signal?: AbortSignal;
}

export interface AlignmentEngine {
  readonly name: string;
  languages(): Promise<string[]>;
  /** Times the user's own transcript: one TimedWord per transcript word, original spelling kept. */
  align(audioPath: string, transcript: string, options: AlignOptions): Promise<TimedWord[]>;
}

export interface LanguagePair {
  from: string;
  to: string;
}

export interface Cue {
  id: string;
  text: string;
  /**
   * For translation: the length the subtitle's time allows at the reading speed. An engine that
   * can shorten (an instruction-following one) condenses to it; others may ignore it.
   */
  maxChars?: number;
}

/** A term base entry for one language pair: `source` in the video's language, `target` in the subtitle's. */
export interface GlossaryEntry {
  source: string;
  target: string;
  /** When true, "Apple" does not match "apple", and the target is written exactly as given. */
  caseSensitive?: boolean;
}

/** A term the engine did not render as the term base says, put right afterwards. */
export interface TermFix {
  source: string;
  target: string;
  /** What the engine had: the source term left as is, its own literal translation, or nothing (the term was added). */
  how: 'untranslated' | 'literal' | 'appended';
}

/** A translated cue; `termsFixed` lists the term-base repairs made to it (absent: none). */
export interface TranslatedCue extends Cue {
  termsFixed?: TermFix[];
}

export interface TranslateOptions {
  from: string;
  to: string;
  /** The workspace guideline prompt; engines that take instructions get it. */
  guideline?: string;
  glossary?: GlossaryEntry[];
  signal?: AbortSignal;
}

export interface TranslationEngine {
  readonly name: string;
  /** Directly installed pairs (translation-routes.ts derives the pivots). */
  pairs(): Promise<LanguagePair[]>;
  /** Same ids, same count, same order as `cues`. */
  translate(cues: Cue[], options: TranslateOptions): Promise<TranslatedCue[]>;
}

export interface Voice {
  language: string;
  voice: string;
}

export interface SynthesizeOptions {
  language: string;
  voice?: string;
  /** The cue window: the engine aims its speaking rate at it (isochrony then fits it exactly). */
  targetDurationMs?: number;
  speedWpm?: number;
  /** Where to write the WAV; when absent, a new temporary directory that the caller removes. */
  outputPath?: string;
  signal?: AbortSignal;
}

export interface SynthesizedClip {
  path: string;
  durationMs: number;
}

export interface SpeechSynthesisEngine {
  readonly name: string;
  voices(): Promise<Voice[]>;
  synthesize(text: string, options: SynthesizeOptions): Promise<SynthesizedClip>;
}

export interface CloneVoiceOptions {
  /** A name for the voice on the service (which lists it), e.g. the run's id. */
  name: string;
  signal?: AbortSignal;
}

/**
 * Speech in the speaker's own voice: a voice made from a sample of the original audio, then used
 * as `SynthesizeOptions.voice` like any other, and forgotten after the run. Its `voices()` are its
 * languages (with an empty voice: the voice is made per video).
 */
export interface VoiceCloningEngine extends SpeechSynthesisEngine {
  /** `samplePath` is a WAV of the speaker (media.ts extractAudio); returns the voice to synthesise with. */
  cloneVoice(samplePath: string, options: CloneVoiceOptions): Promise<string>;
  /** Removes a voice made by cloneVoice; never throws (the service keeps it at worst). */
  forgetVoice(voice: string): Promise<void>;
}
