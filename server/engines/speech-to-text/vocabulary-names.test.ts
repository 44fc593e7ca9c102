import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimedWord } from '../engine-interfaces';
import { synthesizePieces, type SpeechFixture } from '../testing/speech-fixtures';
import { PocketsphinxSpeechToText } from './pocketsphinx-speech-to-text';

/**
 * A long invented name from a vocabulary list, said by espeak-ng before more names (each name said
 * as its own piece, so the time it is heard is known to the sample): with the list it comes out as
 * the list spells it, where it was said; without the list the recogniser cannot produce it. Two
 * sentences of bench/vocabulary, where the name was missed ("ridiculous") before the spotting pass
 * took every pronunciation, with wider beams, and compared its spots per phone.
 */
const LIST = [
  'Zorbatron',
  'Quibbleflux',
  'Vantorelli',
  'Kestrova',
  'Plimbrook',
  'Dravonix',
  'Thalmerin',
  'Grivenko',
  'Ribbonquist',
  'Wexmoreland',
  'Pennavore',
  'Tresmolin',
  'Felutra',
  'Zandrova',
  'Lumbergast',
  'Calpurnix',
];
const NAME = 'Ribbonquist';
const PIECES = [
  'My favourite teacher was',
  'Ribbonquist.',
  'Wexmoreland',
  'and',
  'Pennavore',
  'will open the show tonight.',
];

describe('a vocabulary list on espeak-ng speech', () => {
  const engine = new PocketsphinxSpeechToText();
  let dir: string;
  let speech: SpeechFixture & { pieces: TimedWord[] };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-vocabulary-test-'));
    const pieces = PIECES.map((text) => ({
      text,
      voice: 'en-us+klatt',
      wpm: 154,
      pauseAfterMs: text.endsWith('.') ? 600 : 60,
    }));
    speech = await synthesizePieces(pieces, dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    `puts ${NAME} (10 phones) where it is said with the list, and misses it without`,
    { timeout: 180_000 },
    async () => {
      const said = speech.pieces[PIECES.indexOf(`${NAME}.`)]!;
      const withList = await engine.transcribe(speech.wavPath, { language: 'en', vocabulary: LIST });
      const heard = withList.filter((word) => word.text === NAME);
      expect(heard).toHaveLength(1);
      // Most of the name's time is covered: the cue holding it is on screen while it is heard.
      expect(Math.min(heard[0]!.end, said.end) - Math.max(heard[0]!.start, said.start)).toBeGreaterThan(
        (said.end - said.start) / 2,
      );
      expect(
        withList.filter(
          (word) => word.text !== NAME && LIST.includes(word.text) && word.end > said.start && word.start < said.end,
        ),
      ).toEqual([]);

      const plain = await engine.transcribe(speech.wavPath, { language: 'en' });
      expect(plain.map((word) => word.text.toLowerCase())).not.toContain(NAME.toLowerCase());
    },
  );
});

/**
 * The two names of bench/vocabulary never spotted under espeak-ng's own pronunciations (the phone
 * loop heard "gast" as D AA Z and "lin" as IY): with the broad-vowel pronunciation (AE -> AA, IH
 * -> IY, pronunciations.ts) each comes out where it is said; without it the sentence had "are not"
 * and "to you" there.
 */
describe('names heard with broad vowels', () => {
  const engine = new PocketsphinxSpeechToText();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-vocabulary-vowels-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    {
      name: 'Lumbergast',
      voice: 'en+m1',
      wpm: 165,
      pieces: ['We will fly to', 'Plimbrook', 'on Friday with', 'Lumbergast.'],
    },
    {
      name: 'Tresmolin',
      voice: 'en-us+m3',
      wpm: 152,
      pieces: ['The letter from', 'Tresmolin', 'arrived this afternoon.'],
    },
  ])('puts $name where it is said', { timeout: 180_000 }, async ({ name, voice, wpm, pieces }) => {
    const speech = await synthesizePieces(
      pieces.map((text) => ({ text, voice, wpm, pauseAfterMs: text.endsWith('.') ? 600 : 60 })),
      await mkdtemp(path.join(dir, `${name}-`)),
    );
    const said = speech.pieces[pieces.findIndex((text) => text.startsWith(name))]!;
    const heard = (await engine.transcribe(speech.wavPath, { language: 'en', vocabulary: LIST })).filter(
      (word) => word.text === name,
    );
    expect(heard).toHaveLength(1);
    expect(Math.min(heard[0]!.end, said.end) - Math.max(heard[0]!.start, said.start)).toBeGreaterThan(
      (said.end - said.start) / 2,
    );
  });
});
