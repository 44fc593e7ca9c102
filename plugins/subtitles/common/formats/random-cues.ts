/**
 * Seeded cue lists for round-trip tests and the SRT benchmark: realistic enough to hit the hard
 * cases (overlaps, equal starts, zero-length cues, hours past 10, two-line text, accents, CJK,
 * emoji, "&", "<" and ">" in text, speakers, italics), reproducible from a seed.
 * Text avoids "{", "}" and "\" (ASS cannot hold them unchanged; its test covers them by hand)
 * and "<" directly before a letter (SRT has no escaping, so that is a tag by definition).
 */
import type { Cue } from './cue';

/** mulberry32: tiny, fast, good enough to spread test cases. */
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

const WORDS = [
  'the',
  'quick',
  'brown',
  'fox',
  'jumps',
  'over',
  'lazy',
  'dog',
  'Hello,',
  'world!',
  'naïve',
  'café',
  'Zoë',
  'déjà',
  'vu',
  'Straße',
  '東京',
  'に',
  '行きます',
  'привет',
  'мир',
  '😀',
  '👍🏽',
  'R&D',
  '&',
  '1 < 2',
  'x > y',
  '<3',
  '"quoted"',
  "it's",
  '—',
  '…',
  '42',
  '3.14',
  '100%',
  'Ça',
  'va?',
  'مرحبا',
  'שלום',
  '¿Qué?',
  '¡Sí!',
];
const SPEAKERS = ['Anna', 'Dr. Ben Ko', 'Zoë', 'María José'];

export interface RandomCueOptions {
  /** Add speakers and italics (off for the benchmark, which compares plain SRT text). */
  styled?: boolean;
  /** Now and then jump ten hours ahead, to test hour fields past two digits' first one. */
  hourJumps?: boolean;
}

function line(random: () => number): string {
  const count = 1 + Math.floor(random() * 7);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
  return words.join(' ');
}

export function randomCues(
  count: number,
  seed: number,
  options: RandomCueOptions = { styled: true, hourJumps: true },
): Cue[] {
  const random = seededRandom(seed);
  const cues: Cue[] = [];
  let time = Math.floor(random() * 5000);
  for (let i = 0; i < count; i++) {
    const roll = random();
    // Mostly sequential with gaps; sometimes overlapping the previous cue or starting with it.
    if (roll < 0.1 && cues.length > 0) time = cues[cues.length - 1].start + Math.floor(random() * 1500);
    else if (roll < 0.13 && cues.length > 0) time = cues[cues.length - 1].start;
    else time += Math.floor(random() * 4000);
    if (random() < 0.01 && options.hourJumps) time += 10 * 3_600_000;
    const duration = random() < 0.02 ? 0 : 300 + Math.floor(random() * 6700);
    const lines = random() < 0.4 ? [line(random), line(random)] : [line(random)];
    const cue: Cue = { start: time, end: time + duration, text: lines.join('\n') };
    if (options.styled) {
      if (random() < 0.3) cue.speaker = SPEAKERS[Math.floor(random() * SPEAKERS.length)];
      if (random() < 0.2) cue.italic = true;
    }
    cues.push(cue);
  }
  return cues;
}
