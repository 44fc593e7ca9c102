import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EspeakSpeechSynthesis } from './espeak-speech-synthesis';
import { parseEspeakVoices } from './espeak-voices';

describe('espeak-ng voices', () => {
  it('keeps one voice per language, prefers the main variant and skips MBROLA', () => {
    const listing = [
      'Pty Language       Age/Gender VoiceName          File                 Other Languages',
      ' 5  en-029          --/M      English_(Caribbean) gmw/en-029           (en 10)',
      ' 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)',
      ' 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)',
      ' 5  es              --/M      Spanish_(Spain)    roa/es               ',
      ' 5  cmn             --/M      Chinese_(Mandarin) sit/cmn              (zh 5)',
      ' 5  de              --/M      de1                mb/mb-de1            ',
    ].join('\n');
    expect(parseEspeakVoices(listing)).toEqual([
      { language: 'en', voice: 'en-us' },
      { language: 'es', voice: 'es' },
      { language: 'zh', voice: 'cmn' },
    ]);
  });
});

describe('EspeakSpeechSynthesis', () => {
  const engine = new EspeakSpeechSynthesis();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-tts-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists the installed voices', async () => {
    const languages = (await engine.voices()).map((voice) => voice.language);
    expect(languages).toEqual(expect.arrayContaining(['en', 'es', 'fr', 'ca', 'pt']));
  });

  it('speaks a sentence into a WAV of plausible length', async () => {
    const clip = await engine.synthesize('The weather today is very nice and the sun is shining.', {
      language: 'en',
      outputPath: path.join(dir, 'a.wav'),
    });
    // 11 words at 175 words a minute: about 3.8 s plus pauses.
    expect(clip.durationMs).toBeGreaterThan(2_500);
    expect(clip.durationMs).toBeLessThan(6_000);
  });

  it('speeds up or slows down towards the cue window', async () => {
    const text = '-- Hola, ¿cómo estás? Me alegro de verte otra vez.';
    const fast = await engine.synthesize(text, {
      language: 'es',
      targetDurationMs: 1_800,
      outputPath: path.join(dir, 'fast.wav'),
    });
    const slow = await engine.synthesize(text, {
      language: 'es',
      targetDurationMs: 5_000,
      outputPath: path.join(dir, 'slow.wav'),
    });
    expect(Math.abs(fast.durationMs - 1_800)).toBeLessThan(450);
    expect(Math.abs(slow.durationMs - 5_000)).toBeLessThan(1_000);
  });
});
