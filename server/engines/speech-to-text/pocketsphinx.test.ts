import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../process-runner';
import { parseWordLine } from './pocketsphinx-decoder';
import { writeLanguageModelWithWords } from './language-model-words';
import { findPocketsphinxModels } from './pocketsphinx-model';
import { keywordThreshold, mergeSpotted, PocketsphinxSpeechToText } from './pocketsphinx-speech-to-text';
import { dictionaryEntries, ipaToCmuPhones, letterToSound, pronounce, pronunciationVariants } from './pronunciations';

describe('pocketsphinx output', () => {
  it('reads word lines, drops fillers and alternate-pronunciation marks', () => {
    expect(parseWordLine('probably(2) 0.540 0.860 0.178673')).toEqual({
      text: 'probably',
      start: 540,
      end: 860,
      confidence: 0.178673,
    });
    expect(parseWordLine('<sil> 0.420 0.530 0.999500')).toBeNull();
    expect(parseWordLine('[NOISE] 1.000 1.200 0.9')).toBeNull();
    expect(parseWordLine('</s> 3.840 4.440 1.000000')).toBeNull();
    expect(parseWordLine('we probably got absolutely')).toBeNull(); // the hypothesis line
  });
});

describe('pronunciations for unknown words', () => {
  it('reads keyword-spotting lines too (two spaces after the word)', () => {
    expect(parseWordLine('zorbatron  0.890 1.510 0.839104')).toEqual({
      text: 'zorbatron',
      start: 890,
      end: 1510,
      confidence: 0.839104,
    });
  });

  it('puts spotted vocabulary words in place of what the language model heard over the same speech', () => {
    const w = (text: string, start: number, end: number) => ({ text, start, end, confidence: 0.5 });
    const heard = [
      w('please', 0, 400),
      w('send', 400, 800),
      w('zebra', 850, 1200),
      w('tron', 1200, 1500),
      w('report', 1550, 1900),
    ];
    expect(mergeSpotted(heard, [w('zorbatron', 890, 1510)]).map((x) => x.text)).toEqual([
      'please',
      'send',
      'zorbatron',
      'report',
    ]);
    expect(mergeSpotted(heard, []).map((x) => x.text)).toEqual(heard.map((x) => x.text));
  });

  it('keeps a name the language model placed, and one spot (the best) where several names fired on the same speech', () => {
    const w = (text: string, start: number, end: number, confidence = 0.5) => ({ text, start, end, confidence });
    const names = new Map([
      ['grivenko', 8],
      ['calpurnix', 9],
      ['dravonix', 8],
      ['brannoway', 7],
    ]);
    const heard = [
      w('send', 0, 400),
      w('grivenko', 450, 1100),
      w('report', 1150, 1500),
      w('to', 1500, 1600),
      w('culprits', 1650, 2300),
    ];
    const spotted = [
      w('calpurnix', 500, 1000, 0.9),
      w('dravonix', 1700, 2250, 0.78),
      w('brannoway', 1650, 2200, 0.84),
      w('calpurnix', 2280, 2700, 0.8),
    ];
    expect(mergeSpotted(heard, spotted, names).map((x) => x.text)).toEqual([
      'send',
      'grivenko',
      'report',
      'to',
      'brannoway',
      'calpurnix',
    ]);
  });

  it('drops a spot too short to be the name said (under 40 ms a phone)', () => {
    const w = (text: string, start: number, end: number, confidence = 0.8) => ({ text, start, end, confidence });
    const heard = [w('the', 0, 200), w('new', 200, 500), w('coffee', 500, 900)];
    const names = new Map([['pennavore', 7]]);
    expect(mergeSpotted(heard, [w('pennavore', 230, 460)], names).map((x) => x.text)).toEqual(['the', 'new', 'coffee']);
    expect(mergeSpotted(heard, [w('pennavore', 200, 900)], names).map((x) => x.text)).toEqual(['the', 'pennavore']);
  });

  it('maps espeak-ng IPA onto CMU phones', () => {
    expect(ipaToCmuPhones('həlˈoʊ')).toEqual(['HH', 'AH', 'L', 'OW']);
    expect(ipaToCmuPhones('dʒˈʌdʒ')).toEqual(['JH', 'AH', 'JH']);
    expect(ipaToCmuPhones('bˈʌʔn̩')).toEqual(['B', 'AH', 'T', 'AH', 'N']);
  });

  it('joins the phonemes espeak-ng separates where CMU spells the pair as one ("or" is AO R), and reads ɪ before a vowel as IY', () => {
    expect(ipaToCmuPhones('z_ˈoːɹ_b_ɐ_t_ɹ_ˌɑː_n')).toEqual(['Z', 'AO', 'R', 'B', 'AH', 'T', 'R', 'AA', 'N']);
    expect(ipaToCmuPhones('k_w_ˈɪ_b_əl_f_l_ˌʌ_k_s')).toEqual([
      'K',
      'W',
      'IH',
      'B',
      'AH',
      'L',
      'F',
      'L',
      'AH',
      'K',
      'S',
    ]);
    expect(ipaToCmuPhones('dʒ_ɪ__ˈɑː_l_ə_dʒ_ˌɪ_s_t')).toEqual(['JH', 'IY', 'AA', 'L', 'AH', 'JH', 'IH', 'S', 'T']);
    expect(ipaToCmuPhones('d_ɹ_ˈaɪ_v')).toEqual(['D', 'R', 'AY', 'V']); // the ɪ of aɪ stays in its diphthong
    expect(ipaToCmuPhones('k_ɛ_s_t_ɹ_ˈəʊ_v_ə')).toEqual(['K', 'EH', 'S', 'T', 'R', 'OW', 'V', 'AH']); // British
  });

  it('maps every phoneme espeak-ng gives for English words, close to the CMU dictionary', async () => {
    // Words with their CMU pronunciation (stress marks dropped): a broken or incomplete mapping fails here.
    const cmu: Record<string, string> = {
      order: 'AO R D ER',
      judge: 'JH AH JH',
      thinking: 'TH IH NG K IH NG',
      pleasure: 'P L EH ZH ER',
      mouth: 'M AW TH',
      boy: 'B OY',
      cheap: 'CH IY P',
      wood: 'W UH D',
      father: 'F AA DH ER',
      cat: 'K AE T',
      bird: 'B ER D',
      yes: 'Y EH S',
    };
    const phones = await pronounce(Object.keys(cmu));
    for (const [word, expected] of Object.entries(cmu)) expect(phones.get(word)?.join(' '), word).toBe(expected);
  });

  it('gives up to four distinct pronunciations, written as word, word(2), word(3), word(4)', async () => {
    const variants = await pronunciationVariants(['Zorbatron', 'Lumbergast', 'Tresmolin']);
    const zorbatron = variants.get('zorbatron')!;
    expect(zorbatron[0]).toEqual(['Z', 'AO', 'R', 'B', 'AH', 'T', 'R', 'AA', 'N']); // American first
    expect(zorbatron.length).toBeGreaterThanOrEqual(2);
    expect(zorbatron.length).toBeLessThanOrEqual(4);
    expect(new Set(zorbatron.map((phones) => phones.join(' '))).size).toBe(zorbatron.length);
    expect([...dictionaryEntries(variants).keys()].filter((entry) => entry.startsWith('zorbatron'))).toEqual(
      ['zorbatron', 'zorbatron(2)', 'zorbatron(3)', 'zorbatron(4)'].slice(0, zorbatron.length),
    );
    // The American pronunciation with broad vowels (AE -> AA, IH -> IY): how these two were heard.
    expect(variants.get('lumbergast')!.map((phones) => phones.join(' '))).toContain('L AH M B ER G AA S T');
    expect(variants.get('tresmolin')!.map((phones) => phones.join(' '))).toContain('T R EH S M AH L IY N');
  });

  it('spots long words with a lower threshold than short ones', () => {
    expect(keywordThreshold(9)).toBe('1e-50');
    expect(keywordThreshold(4)).toBe('1e-28');
    expect(keywordThreshold(1)).toBe('1e-10');
  });

  it('adds words to a copy of the binary language model, or declines a file it cannot read', async () => {
    const model = findPocketsphinxModels()[0]!;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-lm-test-'));
    try {
      const target = path.join(dir, 'lm.bin');
      expect(await writeLanguageModelWithWords(model.languageModelPath, ['zorbatron', 'the'], -2, target)).toEqual([
        'zorbatron',
      ]);
      const { stderr } = await runProcess(
        'pocketsphinx_continuous',
        ['-infile', '/dev/null', '-hmm', model.acousticModelDir, '-lm', target, '-dict', model.dictionaryPath],
        {},
      );
      expect(stderr).not.toMatch(/ERROR/);
      const notTrie = path.join(dir, 'not.lm');
      await writeFile(notTrie, '\\data\\\nngram 1=1\n');
      expect(await writeLanguageModelWithWords(notTrie, ['zorbatron'], -2, target)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('asks espeak-ng for several words at once, with letter rules as a fallback', async () => {
    const phones = await pronounce(['Polycue', 'Zorbatron']);
    expect(phones.get('polycue')).toEqual(['P', 'AA', 'L', 'IH', 'K', 'Y', 'UW']);
    expect(phones.get('zorbatron')?.slice(0, 3)).toEqual(['Z', 'AO', 'R']);
    expect(letterToSound('shop')).toEqual(['SH', 'AA', 'P']);
  });
});

describe('PocketsphinxSpeechToText on espeak-ng speech', () => {
  const engine = new PocketsphinxSpeechToText();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-stt-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('offers the installed acoustic models as languages', async () => {
    expect(await engine.languages()).toContain('en');
    expect(() => engine.modelFor('xx')).toThrow(/no model/);
  });

  it('transcribes a known sentence with most words found, in order, timed, with vocabulary spelling', async () => {
    const text =
      'Hello world, this is a test of the speech recognition system. The children played football in the park after school.';
    const native = path.join(dir, 'native.wav');
    const wav = path.join(dir, 'speech.wav');
    await runProcess('espeak-ng', ['-v', 'en-us+klatt', '-s', '160', '-w', native], { input: text });
    await runProcess('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      native,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-bitexact',
      '-map_metadata',
      '-1',
      wav,
    ]);

    // "Zorbatron" is not in the dictionary: it goes through a generated pronunciation.
    const words = await engine.transcribe(wav, { language: 'en', vocabulary: ['Children of men', 'Zorbatron'] });
    const expected = text.toLowerCase().replace(/[.,]/g, '').split(' ');
    const heard = words.map((word) => word.text.toLowerCase());
    expect(words.map((word) => word.text)).toContain('Children');
    const found = expected.filter((word) => heard.includes(word));
    expect(found.length / expected.length).toBeGreaterThanOrEqual(0.55);
    for (let index = 1; index < words.length; index++)
      expect(words[index]!.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
    expect(words.every((word) => word.end > word.start && word.confidence >= 0 && word.confidence <= 1)).toBe(true);
  });
});
