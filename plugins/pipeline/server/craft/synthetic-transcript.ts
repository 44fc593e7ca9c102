import type { TimedWord } from './cue-types';

/** mulberry32: a small seeded generator, so a failing corpus can be reproduced from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Everyday English: function words as often as in speech, content words of 2 to 13 letters. */
const FUNCTION_WORDS = [
  'the',
  'a',
  'of',
  'to',
  'in',
  'and',
  'for',
  'with',
  'on',
  'at',
  'from',
  'this',
  'their',
  'an',
  'by',
  'about',
];
const CONTENT_WORDS = [
  'I',
  'we',
  'you',
  'it',
  'is',
  'was',
  'be',
  'have',
  'do',
  'say',
  'go',
  'can',
  'get',
  'make',
  'know',
  'think',
  'take',
  'see',
  'come',
  'want',
  'look',
  'use',
  'find',
  'give',
  'tell',
  'work',
  'call',
  'try',
  'need',
  'feel',
  'people',
  'time',
  'year',
  'way',
  'day',
  'thing',
  'man',
  'world',
  'life',
  'hand',
  'part',
  'child',
  'eye',
  'woman',
  'place',
  'week',
  'case',
  'point',
  'number',
  'group',
  'problem',
  'fact',
  'really',
  'just',
  'very',
  'good',
  'new',
  'first',
  'last',
  'long',
  'great',
  'little',
  'other',
  'old',
  'right',
  'big',
  'high',
  'small',
  'large',
  'next',
  'early',
  'young',
  'important',
  'public',
  'different',
  'possible',
  'government',
  'company',
  'system',
  'program',
  'question',
  'development',
  'information',
  'community',
  'experience',
  'understand',
  'yesterday',
  'tomorrow',
  'together',
  'everything',
  'something',
  'language',
  'subtitles',
  'translation',
  'television',
  'production',
  'conversation',
  'environment',
  'international',
  'responsibility',
];

export interface SpeechRate {
  /** Share of sentences spoken at this rate. */
  weight: number;
  minWordsPerMinute: number;
  maxWordsPerMinute: number;
}

/**
 * Mixed speeds as in interviews and documentaries: mostly conversational (130-170 wpm), some
 * brisk, a few fast bursts at the edge of what 20 characters a second can show.
 */
export const MIXED_SPEECH_RATES: SpeechRate[] = [
  { weight: 0.6, minWordsPerMinute: 130, maxWordsPerMinute: 170 },
  { weight: 0.3, minWordsPerMinute: 170, maxWordsPerMinute: 200 },
  { weight: 0.1, minWordsPerMinute: 200, maxWordsPerMinute: 230 },
];

export interface SyntheticTranscriptOptions {
  seed: number;
  durationMs: number;
  rates?: SpeechRate[];
  /** Pauses: after a comma, after a sentence, and the odd long pause (a change of speaker). */
  pauses?: boolean;
  punctuation?: boolean;
}

function pickRate(random: () => number, rates: SpeechRate[]): number {
  let roll = random() * rates.reduce((sum, rate) => sum + rate.weight, 0);
  for (const rate of rates) {
    roll -= rate.weight;
    if (roll <= 0) return rate.minWordsPerMinute + random() * (rate.maxWordsPerMinute - rate.minWordsPerMinute);
  }
  return rates[rates.length - 1]!.maxWordsPerMinute;
}

/**
 * Timed words as a speech-to-text engine would report them: sentences of 3 to 24 words, word
 * durations proportional to their length at the sentence's speaking rate, short gaps between
 * words, pauses at commas and sentence ends.
 */
export function syntheticTranscript(options: SyntheticTranscriptOptions): TimedWord[] {
  const random = seededRandom(options.seed);
  const rates = options.rates ?? MIXED_SPEECH_RATES;
  const pauses = options.pauses ?? true;
  const punctuation = options.punctuation ?? true;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words: TimedWord[] = [];
  let clock = 200 + random() * 800;
  while (clock < options.durationMs) {
    const wordsPerMinute = pickRate(random, rates);
    // An average English word is about 4.7 letters; a word's time scales with its letters.
    const msPerLetter = 60_000 / wordsPerMinute / 5.2;
    const sentenceLength = 3 + Math.floor(random() * 22);
    for (let index = 0; index < sentenceLength && clock < options.durationMs; index++) {
      let text = random() < 0.35 ? pick(FUNCTION_WORDS) : pick(CONTENT_WORDS);
      const last = index === sentenceLength - 1;
      if (index === 0) text = text[0]!.toUpperCase() + text.slice(1);
      let pause = random() * 40;
      if (last) {
        if (punctuation) text += pick(['.', '.', '.', '?', '!']);
        if (pauses) pause = 200 + random() * (random() < 0.08 ? 3000 : 600);
      } else if (!FUNCTION_WORDS.includes(text.toLowerCase()) && random() < 0.08) {
        if (punctuation) text += pick([',', ',', ',', ';', ':']);
        if (pauses) pause = 100 + random() * 250;
      }
      const duration = Math.max(
        60,
        (text.replace(/[^\p{L}]/gu, '').length + 0.5) * msPerLetter * (0.8 + random() * 0.4),
      );
      words.push({
        text,
        start: Math.round(clock),
        end: Math.round(clock + duration),
        confidence: 0.6 + random() * 0.4,
      });
      clock += duration + pause;
    }
  }
  return words;
}
