import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/**
 * Adds words to a copy of pocketsphinx's binary language model so the ordinary decoding pass can
 * produce them: a word in the dictionary but not in the LM is never recognised, and the shipped
 * en-us model lacks every invented name. There is no tool for this on the machine
 * (sphinx_lm_convert is not installed, and an ARPA text copy of the 27 MB model would take the
 * decoder seconds to load on every call), so we write the sphinxbase "trie" format directly.
 *
 * The format (sphinxbase lm/ngram_model_trie.c, lm_trie.c, lm_trie_quant.c), little-endian:
 *   "Trie Language Model" | order (u8) | count per order (u32 each)
 *   quantisation: u32 type, then (order - 2) * 2 + 1 tables of 65536 floats
 *   unigrams: (count[0] + 1) * { prob f32, backoff f32, next u32 }, the last a sentinel whose
 *             `next` ends the bigram range of the last word
 *   bit-packed bigrams..n-grams, sized from the counts (word ids take bits(count[0]) bits)
 *   word strings: u32 byte length, then count[0] NUL-terminated strings, in word-id order.
 * New words are appended as unigrams with no longer n-grams (their bigram range is empty, so the
 * sentinel's `next` is theirs too) and a backoff of 1: after them the model falls back on
 * unigrams. The n-gram bits are copied as they are, which is only valid while bits(count[0]) does
 * not change; the function declines otherwise (72,547 words in en-us: room for 58,524 more).
 */

const HEADER = 'Trie Language Model';
const QUANT_TABLE_BYTES = 65536 * 4;
const MIDDLE_QUANT_BITS = 32;
const LONGEST_QUANT_BITS = 16;
/** The decoder's default -logbase: unigram probabilities are stored as logs in this base. */
const LOG_BASE = 1.0001;

/** bitarr_required_bits: the bits needed to hold max. */
const requiredBits = (max: number) => (max === 0 ? 0 : Math.floor(Math.log2(max)) + 1);
/** lm_trie.c base_size: one extra entry, rounded up to bytes, plus 8 bytes of slack. */
const packedSize = (entries: number, vocabulary: number, otherBits: number) =>
  Math.floor(((1 + entries) * (requiredBits(vocabulary) + otherBits) + 7) / 8) + 8;

interface TrieLayout {
  counts: number[];
  headerBytes: number;
  unigramsStart: number;
  sentinelStart: number;
  stringsLengthStart: number;
  words: Set<string>;
}

async function readLayout(path: string): Promise<TrieLayout | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(HEADER.length + 1 + 4 * 8);
    await file.read(head, 0, head.length, 0);
    if (head.toString('latin1', 0, HEADER.length) !== HEADER) return null;
    const order = head[HEADER.length]!;
    if (order < 2 || order > 6) return null;
    const counts = Array.from({ length: order }, (_, i) => head.readUInt32LE(HEADER.length + 1 + 4 * i));
    const headerBytes = HEADER.length + 1 + 4 * order;
    const unigramsStart = headerBytes + 4 + ((order - 2) * 2 + 1) * QUANT_TABLE_BYTES;
    const sentinelStart = unigramsStart + counts[0]! * 12;
    let ngramBytes = packedSize(counts[order - 1]!, counts[0]!, LONGEST_QUANT_BITS);
    for (let i = 1; i < order - 1; i++)
      ngramBytes += packedSize(counts[i]!, counts[0]!, MIDDLE_QUANT_BITS + requiredBits(counts[i + 1]!));
    const stringsLengthStart = sentinelStart + 12 + ngramBytes;
    if (stringsLengthStart + 4 > size) return null;
    const lengthBytes = Buffer.alloc(4);
    await file.read(lengthBytes, 0, 4, stringsLengthStart);
    const stringBytes = lengthBytes.readUInt32LE(0);
    // The layout is right only if the strings end the file exactly.
    if (stringsLengthStart + 4 + stringBytes !== size) return null;
    const strings = Buffer.alloc(stringBytes);
    await file.read(strings, 0, stringBytes, stringsLengthStart + 4);
    const words = new Set(strings.toString('utf8').split('\0').slice(0, counts[0]));
    return { counts, headerBytes, unigramsStart, sentinelStart, stringsLengthStart, words };
  } finally {
    await file.close();
  }
}

const layouts = new Map<string, Promise<TrieLayout | null>>();

/**
 * Writes `sourcePath` plus `words` (each with probability 10^log10Probability) to `targetPath`.
 * Returns the words added (those the model lacked), or null when the model is not in a format
 * this can extend; the caller then decodes with the shipped model.
 */
export async function writeLanguageModelWithWords(
  sourcePath: string,
  words: readonly string[],
  log10Probability: number,
  targetPath: string,
): Promise<string[] | null> {
  let layoutPromise = layouts.get(sourcePath);
  if (!layoutPromise) {
    layoutPromise = readLayout(sourcePath).catch(() => null);
    layouts.set(sourcePath, layoutPromise); // the shipped model does not change while we run: read its layout once
  }
  const layout = await layoutPromise;
  if (!layout) return null;
  const added = [...new Set(words)].filter((word) => word && !word.includes('\0') && !layout.words.has(word));
  const vocabulary = layout.counts[0]!;
  if (requiredBits(vocabulary + added.length) !== requiredBits(vocabulary)) return null;

  const header = Buffer.alloc(layout.headerBytes);
  header.write(HEADER, 0, 'latin1');
  header[HEADER.length] = layout.counts.length;
  layout.counts.forEach((count, i) =>
    header.writeUInt32LE(i === 0 ? count + added.length : count, HEADER.length + 1 + 4 * i),
  );

  const source = await open(sourcePath, 'r');
  let sentinel: Buffer;
  let stringBytes: number;
  try {
    sentinel = Buffer.alloc(12);
    await source.read(sentinel, 0, 12, layout.sentinelStart);
    const lengthBytes = Buffer.alloc(4);
    await source.read(lengthBytes, 0, 4, layout.stringsLengthStart);
    stringBytes = lengthBytes.readUInt32LE(0);
  } finally {
    await source.close();
  }
  const unigrams = Buffer.alloc(added.length * 12);
  const logProbability = log10Probability / Math.log10(LOG_BASE);
  added.forEach((_, i) => {
    unigrams.writeFloatLE(logProbability, i * 12);
    unigrams.writeFloatLE(0, i * 12 + 4); // backoff weight 1
    unigrams.writeUInt32LE(sentinel.readUInt32LE(8), i * 12 + 8); // an empty bigram range
  });
  const newStrings = Buffer.from(added.map((word) => `${word}\0`).join(''), 'utf8');
  const stringsLength = Buffer.alloc(4);
  stringsLength.writeUInt32LE(stringBytes + newStrings.length, 0);

  const out = createWriteStream(targetPath);
  const range = (start: number, endExclusive: number) => createReadStream(sourcePath, { start, end: endExclusive - 1 });
  await pipeline(async function* () {
    yield header;
    yield* range(layout.headerBytes, layout.sentinelStart); // quantisation tables and the unigrams
    yield unigrams;
    yield* range(layout.sentinelStart, layout.stringsLengthStart); // the sentinel and the n-grams
    yield stringsLength;
    yield* range(layout.stringsLengthStart + 4, layout.stringsLengthStart + 4 + stringBytes);
    yield newStrings;
  }, out);
  return added;
}
