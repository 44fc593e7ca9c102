import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TimedWord } from '../engine-interfaces';
import { runProcess } from '../process-runner';

/**
 * Generated speech with exact word timings, for engine tests and the alignment benchmark.
 * Each word is synthesised on its own by espeak-ng, its leading and trailing silence trimmed,
 * and the words laid end to end with known pauses, so every word's true start and end are
 * known to the sample. The klatt voices are used because pocketsphinx's en-us acoustic model
 * recognises them far better than espeak-ng's default voice (about 70 % of words against 30 %
 * in our trials).
 */

export interface SpeechFixture {
  wavPath: string;
  words: TimedWord[];
  durationMs: number;
}

export interface SpeechFixtureOptions {
  voice?: string;
  wpm?: number;
  /** Pause between two words of a sentence, by word index (deterministic by default). */
  gapMs?: (index: number) => number;
  sentenceGapMs?: number;
}

const SILENCE_LEVEL = 400; // about -38 dBFS on 16-bit samples

function parseWav(bytes: Buffer): { sampleRate: number; samples: Int16Array } {
  let offset = 12;
  let sampleRate = 22_050;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = bytes.readUInt32LE(offset + 12);
    if (id === 'data') {
      // espeak-ng writes 0x7fffffff as the data size when streaming.
      size = Math.min(size, bytes.length - offset - 8);
      const data = bytes.subarray(offset + 8, offset + 8 + size);
      return { sampleRate, samples: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1))) };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('no data chunk in WAV');
}

function wavBytes(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

function trimSilence(samples: Int16Array): Int16Array {
  let first = 0;
  let last = samples.length - 1;
  while (first < last && Math.abs(samples[first]!) < SILENCE_LEVEL) first++;
  while (last > first && Math.abs(samples[last]!) < SILENCE_LEVEL) last--;
  return samples.subarray(first, last + 1);
}

/** Writes `<dir>/speech.wav` (16 kHz mono) saying `text`, and returns each word's true timing. */
export async function synthesizeWordByWord(text: string, dir: string, options: SpeechFixtureOptions = {}): Promise<SpeechFixture> {
  const { voice = 'en-us+klatt', wpm = 160, sentenceGapMs = 450 } = options;
  const gapMs = options.gapMs ?? ((index: number) => 60 + ((index * 37) % 110));
  const tokens = text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
  const clips = await mapLimited(tokens, 4, (token, index) => synthesizeOne(token, voice, wpm, path.join(dir, `word-${index}.wav`)));

  const sampleRate = clips[0]?.sampleRate ?? 22_050;
  const pieces: Int16Array[] = [];
  const words: TimedWord[] = [];
  let cursor = Math.round(sampleRate * 0.3); // a little lead-in silence
  pieces.push(new Int16Array(cursor));
  tokens.forEach((token, index) => {
    const clip = trimSilence(clips[index]!.samples);
    words.push({ text: token, start: Math.round((cursor * 1000) / sampleRate), end: Math.round(((cursor + clip.length) * 1000) / sampleRate), confidence: 1 });
    pieces.push(clip);
    cursor += clip.length;
    const pause = /[.!?]$/.test(token) ? sentenceGapMs : gapMs(index);
    const silence = new Int16Array(Math.round((pause * sampleRate) / 1000));
    pieces.push(silence);
    cursor += silence.length;
  });
  const all = new Int16Array(cursor);
  let offset = 0;
  for (const piece of pieces) {
    all.set(piece, offset);
    offset += piece.length;
  }
  const rawPath = path.join(dir, 'speech-native.wav');
  await writeFile(rawPath, wavBytes(all, sampleRate));
  const wavPath = path.join(dir, 'speech.wav');
  await runProcess('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', rawPath, '-ac', '1', '-ar', '16000', '-bitexact', '-map_metadata', '-1', '-c:a', 'pcm_s16le', wavPath], { timeoutMs: 60_000 });
  return { wavPath, words, durationMs: Math.round((cursor * 1000) / sampleRate) };
}

async function synthesizeOne(token: string, voice: string, wpm: number, outPath: string) {
  const spoken = token.replace(/[^\p{L}\p{N}'-]/gu, '');
  await runProcess('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', outPath], { input: spoken, timeoutMs: 30_000 });
  return parseWav(await readFile(outPath));
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = Array.from<R>({ length: items.length });
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
