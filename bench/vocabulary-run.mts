/**
 * Recognition of invented names with and without a vocabulary list (bench/vocabulary.bench.mjs
 * runs this under tsx and reads the JSON line it prints). A fixed set of sentences (seeded: the
 * same names, sentences, voices and pauses on every run) is spoken by espeak-ng, each name as its
 * own piece so the time it is spoken is known to the sample (server/engines/testing/speech-fixtures.ts).
 * The sentences are grouped into chunks of about the pipeline's length (30 s), each transcribed
 * twice, plain and with the list of every name, and cut into cues by the pipeline's segmenter. A name
 * is a hit when a cue holding it overlaps the time it was said (what a viewer sees: the name on
 * screen while it is heard); found anywhere else it is misplaced. Set VOCABULARY_BENCH_VERBOSE=1 to
 * see each name's fate on stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { segmentWords, type Cue, type TimedWord } from '../plugins/pipeline/server/craft';
// The same mulberry32 the pipeline's synthetic corpora use: the bench's speech is the same on every run.
import { seededRandom as seeded } from '../plugins/pipeline/server/craft/synthetic-transcript';
import { PocketsphinxSpeechToText } from '../server/engines/speech-to-text/pocketsphinx-speech-to-text';
import { synthesizePieces, type SpokenPiece } from '../server/engines/testing/speech-fixtures';

/** Invented names (none in the en-us dictionary), short to long, as brands, places and people. */
const NAMES = [
  'Zorbatron',
  'Quibbleflux',
  'Vantorelli',
  'Kestrova',
  'Plimbrook',
  'Dravonix',
  'Thalmerin',
  'Grivenko',
  'Oskelund',
  'Brannoway',
  'Felutra',
  'Morvashi',
  'Yendrikov',
  'Calpurnix',
  'Tresmolin',
  'Skivarda',
  'Lumbergast',
  'Pennavore',
  'Ozrimund',
  'Haltovex',
  'Ribbonquist',
  'Zandrova',
  'Wexmoreland',
  'Trindlewick',
];
/** `{}` is where a name goes: names start, end and sit inside sentences, one or two to a sentence. */
const TEMPLATES = [
  'Please send the {} report to {} before lunch.',
  'The {} team met {} in the morning.',
  '{} signed the new contract today.',
  'Yesterday we visited {} and bought three new chairs.',
  'Our friends at {} thanked us for the help.',
  'I think {} will call back after the meeting.',
  'The price of {} went up again this week.',
  'Can you ask {} to check the numbers?',
  'She moved to {} when she was twenty.',
  'Everyone at the office loves the new {} coffee.',
  'We will fly to {} on Friday with {}.',
  'His brother works for {} in the city.',
  'The {} app crashed twice during the demo.',
  'Tell {} that the car is ready.',
  'After dinner, {} played the piano for an hour.',
  'My favourite teacher was {}.',
  '{} and {} will open the show tonight.',
  'The letter from {} arrived this afternoon.',
  'Nobody expected {} to win the final.',
  'Turn left at {} and keep going until the bridge.',
];
const VOICES = ['en-us+klatt', 'en-us+m3', 'en-us+f2', 'en+m1', 'en-us+klatt3'];
const SENTENCES_PER_CHUNK = 5; // about 25 s of speech, near the pipeline's 30 s chunks
const SEED = 20261127;

interface Sentence {
  text: string;
  voice: string;
  wpm: number;
  pieces: Array<{ text: string; name?: string }>;
}

function buildSentences(): Sentence[] {
  const random = seeded(SEED);
  // Fisher-Yates with the seeded generator: which name goes in which sentence is fixed.
  const shuffled = [...NAMES];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  let next = 0;
  return TEMPLATES.map((template) => {
    const parts = template.split('{}');
    const pieces: Sentence['pieces'] = [];
    parts.forEach((part, index) => {
      if (part.trim()) pieces.push({ text: part.trim() });
      if (index < parts.length - 1) {
        const name = shuffled[next++ % shuffled.length]!;
        pieces.push({ text: name, name });
      }
    });
    return {
      text: pieces.map((piece) => piece.text).join(' '),
      voice: VOICES[Math.floor(random() * VOICES.length)]!,
      wpm: 145 + Math.floor(random() * 30),
      pieces,
    };
  });
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.min(a.end, b.end) > Math.max(a.start, b.start);
const cueHolds = (cue: Cue, name: string) => words(cue.lines.join(' ')).includes(name.toLowerCase());

/** Word error rate: edit distance over the reference's length. */
function wordErrors(reference: string[], hypothesis: string[]): number {
  const d = Array.from({ length: reference.length + 1 }, (_, i) => [i, ...Array<number>(hypothesis.length).fill(0)]);
  for (let j = 1; j <= hypothesis.length; j++) d[0]![j] = j;
  for (let i = 1; i <= reference.length; i++)
    for (let j = 1; j <= hypothesis.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
  return d[reference.length]![hypothesis.length]!;
}

interface Tally {
  hits: number;
  misplaced: number;
  missed: number;
  falseNames: number;
  wordErrors: number;
  seconds: number;
}
const tally = (): Tally => ({ hits: 0, misplaced: 0, missed: 0, falseNames: 0, wordErrors: 0, seconds: 0 });

const verbose = process.env.VOCABULARY_BENCH_VERBOSE === '1';
const dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-vocabulary-'));
const engine = new PocketsphinxSpeechToText();
const sentences = buildSentences();
const result = {
  plain: tally(),
  withList: tally(),
  names: 0,
  distinctNames: 0,
  sentences: sentences.length,
  referenceWords: 0,
  audioSeconds: 0,
  listSize: NAMES.length,
};
try {
  const said = new Set<string>();
  for (let first = 0; first < sentences.length; first += SENTENCES_PER_CHUNK) {
    const group = sentences.slice(first, first + SENTENCES_PER_CHUNK);
    const random = seeded(SEED + first);
    // Pieces of one sentence share its voice and speed, with short pauses between them.
    const pieces: SpokenPiece[] = [];
    const names: Array<{ name: string; index: number }> = [];
    for (const sentence of group)
      sentence.pieces.forEach((piece, i) => {
        if (piece.name) names.push({ name: piece.name, index: pieces.length });
        pieces.push({
          text: piece.text,
          voice: sentence.voice,
          wpm: sentence.wpm,
          pauseAfterMs: i === sentence.pieces.length - 1 ? 600 : 40 + Math.floor(random() * 60),
        });
      });
    const spoken = await synthesizePieces(pieces, await mkdtemp(path.join(dir, 'chunk-')));
    result.audioSeconds += spoken.durationMs / 1000;
    const truth = names.map(({ name, index }) => ({
      name,
      start: spoken.pieces[index]!.start,
      end: spoken.pieces[index]!.end,
    }));
    truth.forEach(({ name }) => said.add(name));
    result.names += truth.length;
    const reference = group.flatMap((sentence) => words(sentence.text));
    result.referenceWords += reference.length;

    for (const [key, vocabulary] of [
      ['plain', undefined],
      ['withList', NAMES],
    ] as const) {
      const started = performance.now();
      const heard: TimedWord[] = await engine.transcribe(spoken.wavPath, {
        language: 'en',
        vocabulary: vocabulary ? [...vocabulary] : undefined,
      });
      result[key].seconds += (performance.now() - started) / 1000;
      const cues = segmentWords(heard, { language: 'en', mediaEndMs: spoken.durationMs });
      for (const occurrence of truth) {
        const holding = cues.filter((cue) => cueHolds(cue, occurrence.name));
        const fate = holding.some((cue) => overlaps(cue, occurrence))
          ? 'hits'
          : holding.length > 0
            ? 'misplaced'
            : 'missed';
        result[key][fate] += 1;
        if (verbose && key === 'withList') {
          const at = heard
            .filter((word) => word.text.toLowerCase() === occurrence.name.toLowerCase())
            .map((word) => `${word.start}-${word.end}`);
          console.error(
            `   ${fate.padEnd(9)} ${occurrence.name.padEnd(12)} said ${occurrence.start}-${occurrence.end}, heard at ${at.join(', ') || '-'}`,
          );
        }
      }
      // A list word heard where that name was not said: what a too eager threshold or boost does.
      result[key].falseNames += heard.filter((word) => {
        const name = NAMES.find((candidate) => candidate.toLowerCase() === word.text.toLowerCase());
        return (
          name !== undefined && !truth.some((occurrence) => occurrence.name === name && overlaps(occurrence, word))
        );
      }).length;
      result[key].wordErrors += wordErrors(
        reference,
        heard.map((word) => word.text.toLowerCase()),
      );
    }
  }
  result.distinctNames = said.size;
  console.log(JSON.stringify(result));
} finally {
  await rm(dir, { recursive: true, force: true });
}
