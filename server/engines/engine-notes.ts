import type { Engines } from './engine-registry';

/** What the set-up popups say about an engine: its name as people know it, and what to expect. */
export interface EngineNote {
  name: string;
  expect: string;
}

export interface EngineNotes {
  speechToText: EngineNote;
  alignment: EngineNote;
  translation: EngineNote;
  speechSynthesis: EngineNote;
}

const SERVICE = 'an OpenAI-compatible service';

/**
 * Honest notes per engine this installation runs, keyed by the engines' `name`s. The embedded
 * recogniser is a draft: the popup says so and docs/engines.md shows how to connect a Whisper-class
 * server (STT_ENGINE=openai) instead.
 */
const NOTES: Record<keyof EngineNotes, Record<string, EngineNote>> = {
  speechToText: {
    pocketsphinx: {
      name: 'PocketSphinx, on this server',
      expect:
        'A draft to correct: many words will be wrong, more so with music, noise or accents. Connect a Whisper-class server for publishable subtitles.',
    },
    openai: {
      name: `Whisper-class recognition (${SERVICE})`,
      expect: 'Publishable transcripts for clear speech; check names and terms.',
    },
  },
  alignment: {
    pocketsphinx: {
      name: 'PocketSphinx alignment, on this server',
      expect: 'Your transcript is kept word for word and timed to the speech.',
    },
    'openai-alignment': {
      name: `Whisper-class alignment (${SERVICE})`,
      expect: 'Your transcript is kept word for word and timed to the speech.',
    },
  },
  translation: {
    apertium: {
      name: 'Apertium, rule-based, on this server',
      expect: 'Literal translations between close languages; read them through before publishing.',
    },
    openai: {
      name: `Machine translation (${SERVICE})`,
      expect: 'Fluent translations that follow your guideline and term base; review key terms.',
    },
  },
  speechSynthesis: {
    'espeak-ng': { name: 'eSpeak NG, on this server', expect: 'A clear but robotic voice, timed to the subtitles.' },
    openai: { name: `Neural voices (${SERVICE})`, expect: 'Natural voices, timed to the subtitles.' },
  },
};

export function engineNotes(engines: Engines): EngineNotes {
  const note = (kind: keyof EngineNotes, engine: { name: string }): EngineNote =>
    NOTES[kind][engine.name] ?? { name: engine.name, expect: '' };
  return {
    speechToText: note('speechToText', engines.speechToText),
    alignment: note('alignment', engines.alignment),
    translation: note('translation', engines.translation),
    speechSynthesis: note('speechSynthesis', engines.speechSynthesis),
  };
}
