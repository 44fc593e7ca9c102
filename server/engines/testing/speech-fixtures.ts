import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TimedWord } from '../engine-interfaces';
import { runProcess } from '../process-runner';
import { pcmWavHeader } from '../synthesis/elevenlabs-voice-cloning';

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
      return {
        sampleRate,
        samples: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1))),
      };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('no data chunk in WAV');
}

function wavBytes(samples: Int16Array, sampleRate: number): Buffer {
  return Buffer.concat([
    pcmWavHeader(samples.byteLength, sampleRate),
    Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength),
  ]);
}

function trimSilence(samples: Int16Array): Int16Array {
  let first = 0;
  let last = samples.length - 1;
  while (first < last && Math.abs(samples[first]!) < SILENCE_LEVEL) first++;
  while (last > first && Math.abs(samples[last]!) < SILENCE_LEVEL) last--;
  return samples.subarray(first, last + 1);
}

/** Writes `<dir>/speech.wav` (16 kHz mono) saying `text`, and returns each word's true timing. */
export async function synthesizeWordByWord(
  text: string,
  dir: string,
  options: SpeechFixtureOptions = {},
): Promise<SpeechFixture> {
  const { voice = 'en-us+klatt', wpm = 160, sentenceGapMs = 450 } = options;
  const gapMs = options.gapMs ?? ((index: number) => 60 + ((index * 37) % 110));
  const tokens = text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
  const pieces = tokens.map((token, index) => ({
    text: token.replace(/[^\p{L}\p{N}'-]/gu, ''),
    voice,
    pauseAfterMs: /[.!?]$/.test(token) ? sentenceGapMs : gapMs(index),
  }));
  const spoken = await synthesizePieces(pieces, dir, { wpm });
  return { ...spoken, words: spoken.pieces.map((piece, index) => ({ ...piece, text: tokens[index]! })) };
}

/** A stretch of speech said by espeak-ng in one go (a word, a phrase), then `pauseAfterMs` of silence. */
export interface SpokenPiece {
  text: string;
  voice: string;
  /** Words a minute; the call's `wpm` when absent. */
  wpm?: number;
  pauseAfterMs: number;
}

/**
 * Writes `<dir>/speech.wav` (16 kHz mono) saying each piece in turn, and returns each piece's true
 * timing (its trimmed sound, to the sample). Phrases said in one go sound more like speech than
 * words said one by one, while a piece holding one name still gives that name's exact time.
 */
export async function synthesizePieces(
  pieces: readonly SpokenPiece[],
  dir: string,
  options: { wpm?: number } = {},
): Promise<SpeechFixture & { pieces: TimedWord[] }> {
  const { wpm = 160 } = options;
  const clips = await mapLimited(pieces, 4, (piece, index) =>
    synthesizeOne(piece.text, piece.voice, piece.wpm ?? wpm, path.join(dir, `piece-${index}.wav`)),
  );
  // Voices may differ in sample rate: every clip is said at the first one's rate (the WAV is resampled to 16 kHz anyway).
  const sampleRate = clips[0]?.sampleRate ?? 22_050;
  const timed: TimedWord[] = [];
  const chunks: Int16Array[] = [];
  let cursor = Math.round(sampleRate * 0.3); // a little lead-in silence
  chunks.push(new Int16Array(cursor));
  pieces.forEach((piece, index) => {
    const clip = trimSilence(resample(clips[index]!.samples, clips[index]!.sampleRate, sampleRate));
    timed.push({
      text: piece.text,
      start: Math.round((cursor * 1000) / sampleRate),
      end: Math.round(((cursor + clip.length) * 1000) / sampleRate),
      confidence: 1,
    });
    chunks.push(clip);
    cursor += clip.length;
    const silence = new Int16Array(Math.round((piece.pauseAfterMs * sampleRate) / 1000));
    chunks.push(silence);
    cursor += silence.length;
  });
  const all = new Int16Array(cursor);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  const rawPath = path.join(dir, 'speech-native.wav');
  await writeFile(rawPath, wavBytes(all, sampleRate));
  const wavPath = path.join(dir, 'speech.wav');
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      rawPath,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-bitexact',
      '-map_metadata',
      '-1',
      '-c:a',
      'pcm_s16le',
      wavPath,
    ],
    { timeoutMs: 60_000 },
  );
  return { wavPath, words: timed, pieces: timed, durationMs: Math.round((cursor * 1000) / sampleRate) };
}

/** Nearest-sample rate change; espeak-ng's voices all speak at 22,050 Hz, so this is rarely more than a copy. */
function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples;
  const out = new Int16Array(Math.round((samples.length * to) / from));
  for (let i = 0; i < out.length; i++) out[i] = samples[Math.min(samples.length - 1, Math.floor((i * from) / to))]!;
  return out;
}

async function synthesizeOne(text: string, voice: string, wpm: number, outPath: string) {
  await runProcess('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', outPath], { input: text, timeoutMs: 30_000 });
  return parseWav(await readFile(outPath));
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
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
