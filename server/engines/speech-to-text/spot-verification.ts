import { open, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TimedWord } from '../engine-interfaces';
import { runProcess } from '../process-runner';
import type { PocketsphinxModel } from './pocketsphinx-model';

/**
 * A second look at keyword spots: is the spotted word really what was said on its own frames?
 * Each spot's stretch of audio (plus MARGIN_FRAMES either side, silence allowed there) is decoded
 * twice by `pocketsphinx_batch`, once forced through the word (a one-word grammar, every
 * pronunciation of it allowed) and once by a free loop of phones (`-allphone` with the model's
 * phone LM). The acoustic score of the word minus that of the free loop, per frame, is a
 * likelihood ratio: near zero when the word's phones fit the audio as well as any phones do, far
 * below when they are forced onto other speech. A word that cannot be aligned on its frames at all
 * (the grammar does not reach its end) gets -Infinity.
 */

/** 10 ms frames at pocketsphinx's default 100 frames a second. */
const FRAME_MS = 10;
/** 50 ms either side: the spot's edges are a few frames off the word's in kws output. */
const MARGIN_FRAMES = 5;

/**
 * Acoustic scores in hypseg are pocketsphinx's integer log scale. The loop is context-independent
 * (`-allphone_ci`: 0.1x real time where the triphone loop took 8x, and it separated the names no
 * better in bench/vocabulary) with a light phone-LM weight, so it is close to the best any phones do.
 */
const PHONE_LOOP_ARGS = ['-allphone_ci', 'yes', '-lw', '2'];
/** Wide beams for the forced pass: a one-word grammar is cheap, and a pruned path is a false refusal. */
const ALIGN_ARGS = ['-beam', '1e-80', '-pbeam', '1e-80', '-wbeam', '1e-60', '-fsgusefiller', 'yes'];

/** Byte offset of a WAV's samples (the `data` chunk), so pocketsphinx_batch skips the header exactly. */
async function wavDataOffset(wavPath: string): Promise<number> {
  const file = await open(wavPath, 'r');
  try {
    const header = Buffer.alloc(4096);
    const { bytesRead } = await file.read(header, 0, header.length, 0);
    let offset = 12;
    while (offset + 8 <= bytesRead) {
      if (header.toString('ascii', offset, offset + 4) === 'data') return offset + 8;
      offset += 8 + header.readUInt32LE(offset + 4) + (header.readUInt32LE(offset + 4) & 1);
    }
  } finally {
    await file.close();
  }
  return 44;
}

/**
 * `uttid S score T total A ascr L lscr (sf ascr lscr word)* frames` per line: the acoustic score,
 * null when no word came out (`spot3 S 0 T 0 A 0 L 0 72`: the grammar never reached its end).
 */
function acousticScores(hypseg: string): Map<string, number | null> {
  const scores = new Map<string, number | null>();
  for (const line of hypseg.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 7 || fields[5] !== 'A') continue;
    const words = fields.slice(9).filter((field) => !/^-?\d+$/.test(field));
    scores.set(fields[0]!, words.length > 0 ? Number(fields[6]) : null);
  }
  return scores;
}

export interface VerifyOptions {
  model: PocketsphinxModel;
  /** The dictionary holding the spotted words' pronunciations. */
  dictionaryPath: string;
  /** A private directory for the control files and outputs. */
  dir: string;
  signal?: AbortSignal;
}

/**
 * The likelihood ratio per frame of each spot (same order), or null for all when the model has no
 * phone LM to compare with. Spots are words of the dictionary at `options.dictionaryPath`.
 */
export async function spotLikelihoodRatios(
  wavPath: string,
  spots: readonly TimedWord[],
  options: VerifyOptions,
): Promise<Array<number> | null> {
  const { model, dir } = options;
  if (!model.phoneLanguageModelPath) return null;
  if (spots.length === 0) return [];
  // pocketsphinx_batch finds audio as <cepdir>/<name><cepext>: a link, not a copy of an hour of audio.
  await symlink(path.resolve(wavPath), path.join(dir, 'audio.wav'));
  const frames = spots.map((spot) => ({
    first: Math.max(0, Math.floor(spot.start / FRAME_MS) - MARGIN_FRAMES),
    last: Math.ceil(spot.end / FRAME_MS) + MARGIN_FRAMES,
  }));
  await writeFile(
    path.join(dir, 'spots.ctl'),
    frames.map(({ first, last }, i) => `audio ${first} ${last} spot${i}\n`).join(''),
  );
  await Promise.all(
    spots.map((spot, i) =>
      writeFile(
        path.join(dir, `spot${i}.fsg`),
        `FSG_BEGIN spot${i}\nNUM_STATES 2\nSTART_STATE 0\nFINAL_STATE 1\nTRANSITION 0 1 1.0 ${spot.text}\nFSG_END\n`,
      ),
    ),
  );
  await writeFile(path.join(dir, 'spots.fsgctl'), spots.map((_, i) => `spot${i}.fsg\n`).join(''));
  const common = [
    ...['-adcin', 'yes', '-adchdr', String(await wavDataOffset(wavPath)), '-cepdir', dir, '-cepext', '.wav'],
    ...['-ctl', path.join(dir, 'spots.ctl'), '-hmm', model.acousticModelDir, '-dict', options.dictionaryPath],
    // Each stretch normalised on its own frames: both passes see the same features.
    ...['-cmn', 'batch', '-logfn', '/dev/null'],
  ];
  const totalFrames = frames.reduce((sum, { first, last }) => sum + last - first, 0);
  const run = (args: string[]) =>
    runProcess('pocketsphinx_batch', [...common, ...args], {
      signal: options.signal,
      timeoutMs: totalFrames * FRAME_MS * 3 + 60_000,
    });
  const forcedPath = path.join(dir, 'forced.hypseg');
  const loopPath = path.join(dir, 'loop.hypseg');
  await Promise.all([
    run(['-fsgctl', path.join(dir, 'spots.fsgctl'), '-fsgdir', dir, ...ALIGN_ARGS, '-hypseg', forcedPath]),
    run(['-allphone', model.phoneLanguageModelPath, ...PHONE_LOOP_ARGS, '-hypseg', loopPath]),
  ]);
  const forced = acousticScores(await readFile(forcedPath, 'utf8'));
  const loop = acousticScores(await readFile(loopPath, 'utf8'));
  return frames.map(({ first, last }, i) => {
    const word = forced.get(`spot${i}`);
    const free = loop.get(`spot${i}`);
    if (word === null || word === undefined) return -Infinity;
    // No loop result (never seen): nothing to compare with, so the spot is not refused by it.
    if (free === null || free === undefined) return 0;
    return (word - free) / Math.max(1, last - first);
  });
}

/**
 * Below this ratio per frame a spot of the permissive pass is refused. In bench/vocabulary (margin
 * 50 ms) its spots of names where they were said scored +5 to -53 (most above -25), list words
 * where no name was said -18 to -66, and one name on another name's speech as high as -3 (mergeSpotted
 * settles those by score). As the only filter of that pass the ratio lost too many names; behind the
 * usual pass, which finds most names, -18 to -12 all gave 22 of 24 names and 8 false ones, -10 lost one.
 */
const MIN_PERMISSIVE_RATIO = -15;

const key = (spot: TimedWord) => `${spot.text} ${spot.start} ${spot.end}`;

/**
 * The spots to merge: the usual pass's spots unless their word cannot be aligned on their frames at
 * all (that removed one false name in bench/vocabulary and no true one; a ratio threshold here lost
 * true names, since the two overlap there), and the permissive pass's further spots whose ratio
 * reaches MIN_PERMISSIVE_RATIO. Without a phone LM to compare with, the usual spots as they are.
 */
export async function verifiedSpots(
  wavPath: string,
  usual: readonly TimedWord[],
  permissive: readonly TimedWord[],
  options: VerifyOptions,
): Promise<TimedWord[]> {
  const usualKeys = new Set(usual.map(key));
  const candidates = new Map<string, TimedWord>();
  for (const spot of [...usual, ...permissive]) if (!candidates.has(key(spot))) candidates.set(key(spot), spot);
  const spots = [...candidates.values()];
  const ratios = await spotLikelihoodRatios(wavPath, spots, options);
  if (!ratios) return [...usual];
  const ratioOf = new Map(spots.map((spot, i) => [key(spot), ratios[i]!]));
  return [...usual, ...permissive.filter((spot) => !usualKeys.has(key(spot)))].filter((spot) => {
    const ratio = ratioOf.get(key(spot))!;
    return usualKeys.has(key(spot)) ? ratio > -Infinity : ratio >= MIN_PERMISSIVE_RATIO;
  });
}
