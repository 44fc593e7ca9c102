import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimedWord } from '../engine-interfaces';
import { synthesizePieces } from '../testing/speech-fixtures';
import { findPocketsphinxModels, writeExtendedDictionary } from './pocketsphinx-model';
import { dictionaryEntries, pronunciationVariants } from './pronunciations';
import { verifiedSpots } from './spot-verification';

/**
 * Keyword spots checked on their own frames, on two sentences of bench/vocabulary said by
 * espeak-ng (each name its own piece, so its time is known): a name spotted where it is said is
 * kept, a list word spotted on other speech is refused. The permissive spotting pass puts such
 * words on ordinary speech ("that the car is ready" heard as Vantorelli); without this check they
 * would reach the screen.
 */
const PIECES: Array<[string, string, number]> = [
  ['Tell', 'en-us+klatt3', 154],
  ['Thalmerin', 'en-us+klatt3', 154],
  ['that the car is ready.', 'en-us+klatt3', 154],
  ['After dinner,', 'en+m1', 150],
  ['Quibbleflux', 'en+m1', 150],
  ['played the piano for an hour.', 'en+m1', 150],
];

describe('verifying keyword spots', () => {
  const [model] = findPocketsphinxModels();
  let dir: string;
  let pieces: TimedWord[];
  let wavPath: string;
  let dictionaryPath: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-spot-verification-'));
    const speech = await synthesizePieces(
      PIECES.map(([text, voice, wpm]) => ({ text, voice, wpm, pauseAfterMs: text.endsWith('.') ? 600 : 60 })),
      dir,
    );
    ({ pieces, wavPath } = speech);
    dictionaryPath = path.join(dir, 'vocabulary.dict');
    const variants = await pronunciationVariants(['quibbleflux', 'thalmerin', 'vantorelli']);
    await writeExtendedDictionary(model!, dictionaryEntries(variants), dictionaryPath);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const spotOn = (text: string, piece: number, ms?: number): TimedWord => ({
    text,
    start: pieces[piece]!.start,
    end: ms ? pieces[piece]!.start + ms : pieces[piece]!.end,
    confidence: 0.8,
  });

  it('keeps names spotted where they are said and refuses list words spotted on other speech', async () => {
    const thalmerin = spotOn('thalmerin', 1);
    const quibbleflux = spotOn('quibbleflux', 4);
    // What the permissive pass reports: the name, a list word on "that the car is", the name on "played the piano".
    const onOtherSpeech = spotOn('vantorelli', 2, 450);
    const misplaced = spotOn('quibbleflux', 5, 850);
    const kept = await verifiedSpots(wavPath, [thalmerin], [quibbleflux, onOtherSpeech, misplaced], {
      model: model!,
      dictionaryPath,
      dir: await mkdtemp(path.join(dir, 'verify-')),
    });
    expect(kept.map((spot) => `${spot.text} ${spot.start}`)).toEqual([
      `thalmerin ${thalmerin.start}`,
      `quibbleflux ${quibbleflux.start}`,
    ]);
  }, 120_000);

  it('refuses a spot of the usual pass whose word cannot be aligned on its frames at all', async () => {
    const misplaced = spotOn('quibbleflux', 2, 850);
    const kept = await verifiedSpots(wavPath, [spotOn('thalmerin', 1), misplaced], [], {
      model: model!,
      dictionaryPath,
      dir: await mkdtemp(path.join(dir, 'verify-')),
    });
    expect(kept.map((spot) => spot.text)).toEqual(['thalmerin']);
  }, 120_000);
});
