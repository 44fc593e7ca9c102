/**
 * Recognition of words the default dictionary lacks, with and without a vocabulary list
 * (bench/vocabulary.bench.mjs runs this under tsx and reads the JSON line it prints). Sentences
 * with invented names and brands are spoken by espeak-ng (several voices), then transcribed by
 * the embedded recogniser twice: plain, and with the list of those names. Reports the share of
 * the names found, list words heard where they were not said, and the word error rate of the
 * whole sentences.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../server/engines/process-runner';
import { PocketsphinxSpeechToText } from '../server/engines/speech-to-text/pocketsphinx-speech-to-text';

const NAMES = ['Zorbatron', 'Quibbleflux', 'Vantorelli', 'Kestrova', 'Plimbrook', 'Dravonix'];
const SENTENCES = [
  'Please send the Zorbatron report to Kestrova before lunch.',
  'The Quibbleflux team met Vantorelli in the morning.',
  'Plimbrook and Dravonix signed the new contract today.',
  'Kestrova will call Zorbatron about the Quibbleflux order.',
  'Our friends at Dravonix thanked Plimbrook for the help.',
  'Vantorelli asked the Zorbatron staff to check the numbers.',
];
const VOICES = ['en-us+m3', 'en-us+f2', 'en+m1'];

const words = (text: string) => text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);

/** Word error rate: edit distance over the reference's length. */
function wer(reference: string[], hypothesis: string[]): number {
  const d = Array.from({ length: reference.length + 1 }, (_, i) => [i, ...Array(hypothesis.length).fill(0)]);
  for (let j = 1; j <= hypothesis.length; j++) d[0][j] = j;
  for (let i = 1; i <= reference.length; i++)
    for (let j = 1; j <= hypothesis.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
  return d[reference.length][hypothesis.length] / reference.length;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-vocabulary-'));
const engine = new PocketsphinxSpeechToText();
const result = { plain: { found: 0, wer: 0, falseNames: 0 }, withList: { found: 0, wer: 0, falseNames: 0 }, names: 0, sentences: 0 };
try {
  let n = 0;
  for (const [index, sentence] of SENTENCES.entries()) {
    const voice = VOICES[index % VOICES.length];
    const native = path.join(dir, `s${index}-native.wav`);
    const wav = path.join(dir, `s${index}.wav`);
    await runProcess('espeak-ng', ['-v', voice, '-s', '150', '-w', native], { input: sentence });
    await runProcess('ffmpeg', ['-loglevel', 'error', '-y', '-i', native, '-ac', '1', '-ar', '16000', '-bitexact', wav]);
    const reference = words(sentence);
    const names = NAMES.filter((name) => reference.includes(name.toLowerCase()));
    for (const [key, vocabulary] of [['plain', undefined], ['withList', NAMES]] as const) {
      const heard = (await engine.transcribe(wav, { language: 'en', vocabulary: vocabulary ? [...vocabulary] : undefined })).map((w) => w.text.toLowerCase());
      result[key].found += names.filter((name) => heard.includes(name.toLowerCase())).length;
      // A list word heard where it was not said: what a too eager boost or threshold would do.
      result[key].falseNames += heard.filter((word) => NAMES.some((name) => name.toLowerCase() === word) && !reference.includes(word)).length;
      result[key].wer += wer(reference, heard);
    }
    result.names += names.length;
    n += 1;
  }
  result.sentences = n;
  console.log(JSON.stringify(result));
} finally {
  await rm(dir, { recursive: true, force: true });
}
