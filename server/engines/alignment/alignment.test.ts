import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeWordByWord, type SpeechFixture } from '../testing/speech-fixtures';
import { PocketsphinxAlignment } from './pocketsphinx-alignment';
import { buildTranscriptArpa } from './transcript-language-model';
import { pairWords, sentencesOf, timeTranscript, tokenizeTranscript } from './word-alignment';

const word = (text: string, start: number, end: number) => ({ text, start, end, confidence: 0.9 });

describe('mapping decoded words onto the transcript', () => {
  it('keeps the transcript spelling and punctuation, and attaches lone dashes to the word before', () => {
    const tokens = tokenizeTranscript('Hello, World — again! "Yes."');
    expect(tokens.map((token) => token.text)).toEqual(['Hello,', 'World —', 'again!', '"Yes."']);
    expect(tokens.map((token) => token.form)).toEqual(['hello', 'world', 'again', 'yes']);
    expect(sentencesOf(tokens)).toEqual([['hello', 'world', 'again'], ['yes']]);
  });

  it('pairs words by sequence alignment despite insertions and deletions', () => {
    const pairs = pairWords(['a', 'b', 'c', 'd'], ['x', 'a', 'c', 'd', 'y']);
    expect(pairs.map((pair) => (pair.exact ? pair.index : -1))).toEqual([1, -1, 2, 3]);
  });

  it('takes matched times and interpolates the words the decoder missed', () => {
    const tokens = tokenizeTranscript('One two three four.');
    const timed = timeTranscript(tokens, [word('one', 0, 400), word('four', 1_600, 2_000)], 2_500);
    expect(timed.map((w) => w.text)).toEqual(['One', 'two', 'three', 'four.']);
    expect(timed[0]).toMatchObject({ start: 0, end: 400 });
    expect(timed[3]).toMatchObject({ start: 1_600, end: 2_000 });
    // "two" and "three" share 400..1600 by length (3 and 5 letters).
    expect(timed[1]).toMatchObject({ start: 400, end: 850, confidence: 0 });
    expect(timed[2]).toMatchObject({ start: 850, end: 1_600 });
  });

  it('uses the span of a misrecognised word for the transcript word in its place', () => {
    const timed = timeTranscript(
      tokenizeTranscript('the cat sat'),
      [word('the', 0, 200), word('hat', 500, 800), word('sat', 1_000, 1_300)],
      1_500,
    );
    expect(timed[1]).toMatchObject({ start: 500, end: 800 });
  });

  it('writes an ARPA model whose counts match its sections', () => {
    const arpa = buildTranscriptArpa([
      ['the', 'cat'],
      ['the', 'dog'],
    ]);
    const declared = [...arpa.matchAll(/ngram (\d)=(\d+)/g)].map((match) => Number(match[2]));
    const sections = arpa
      .split(/\\\d-grams:\n/)
      .slice(1)
      .map((section) => section.split('\n\n')[0]!.split('\n').filter(Boolean).length);
    expect(sections).toEqual(declared);
    expect(arpa).toMatch(/-99 <s> /);
  });
});

describe('PocketsphinxAlignment on word-by-word espeak-ng speech', () => {
  let dir: string;
  let fixture: SpeechFixture;
  const transcript =
    'My brother Zorbatron bought a new car last week. He drove it to the city, and parked near the river!';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-align-test-'));
    fixture = await synthesizeWordByWord(transcript, dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('times every transcript word close to where it was spoken', async () => {
    const aligned = await new PocketsphinxAlignment().align(fixture.wavPath, transcript, { language: 'en' });
    expect(aligned.map((w) => w.text)).toEqual(transcript.split(' '));
    const errors = aligned.map((w, index) => Math.abs(w.start - fixture.words[index]!.start)).sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThanOrEqual(80);
    for (let index = 1; index < aligned.length; index++)
      expect(aligned[index]!.start).toBeGreaterThanOrEqual(aligned[index - 1]!.start);
    // ~10 s alone; a busy machine (two cores shared with other suites) has taken over 30 s.
  }, 90_000);
});
