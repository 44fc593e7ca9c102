import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { appendFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The pocketsphinx models installed on this machine. Debian's `pocketsphinx-en-us` puts one
 * directory per language under /usr/share/pocketsphinx/model (`en-us/` holding the acoustic
 * model directory, `en-us.lm.bin` and `cmudict-en-us.dict`); POCKETSPHINX_MODEL_DIR points
 * elsewhere for models installed by hand in the same layout.
 */
export interface PocketsphinxModel {
  /** ISO 639-1, from the directory name (`en-us` -> `en`). */
  language: string;
  acousticModelDir: string;
  languageModelPath: string;
  dictionaryPath: string;
  /** The phone LM (`en-us-phone.lm.bin`), for the free phone loop that keyword spots are checked against. */
  phoneLanguageModelPath?: string;
}

export const DEFAULT_MODEL_ROOT = '/usr/share/pocketsphinx/model';

export function findPocketsphinxModels(
  root = process.env.POCKETSPHINX_MODEL_DIR || DEFAULT_MODEL_ROOT,
): PocketsphinxModel[] {
  if (!existsSync(root)) return [];
  const models: PocketsphinxModel[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(root, entry.name);
    const files = readdirSync(dir, { withFileTypes: true });
    const acoustic = files.find((file) => file.isDirectory() && existsSync(path.join(dir, file.name, 'mdef')));
    // The phone LM (en-us-phone.lm.bin) is for phoneme decoding, not words.
    const lm = files.find(
      (file) => file.isFile() && /\.lm(\.bin|\.dmp)?$/i.test(file.name) && !/phone/i.test(file.name),
    );
    const phoneLm = files.find((file) => file.isFile() && /phone.*\.lm(\.bin|\.dmp)?$/i.test(file.name));
    const dict = files.find((file) => file.isFile() && /\.dict$/i.test(file.name));
    const language = /^([a-z]{2})\b/i.exec(entry.name)?.[1]?.toLowerCase();
    if (!acoustic || !lm || !dict || !language) continue;
    models.push({
      language,
      acousticModelDir: path.join(dir, acoustic.name),
      languageModelPath: path.join(dir, lm.name),
      dictionaryPath: path.join(dir, dict.name),
      ...(phoneLm ? { phoneLanguageModelPath: path.join(dir, phoneLm.name) } : {}),
    });
  }
  return models;
}

const dictionaryWords = new Map<string, Promise<Set<string>>>();

/** The words a dictionary spells (alternates like `read(2)` folded), read once per process. */
export function dictionaryWordSet(dictionaryPath: string): Promise<Set<string>> {
  let words = dictionaryWords.get(dictionaryPath);
  if (!words) {
    words = (async () => {
      const set = new Set<string>();
      const lines = createInterface({ input: createReadStream(dictionaryPath, 'utf8'), crlfDelay: Infinity });
      for await (const line of lines) {
        const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
        if (word) set.add(word);
      }
      return set;
    })();
    dictionaryWords.set(dictionaryPath, words);
  }
  return words;
}

/** Dictionary spelling of a token: lower case, outer punctuation off, inner apostrophes and hyphens kept. */
export function dictionaryForm(token: string): string {
  return token
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

/** The model's dictionary plus `extra` words, written to `targetPath` (copied, so the shipped file is untouched). */
export async function writeExtendedDictionary(
  model: PocketsphinxModel,
  extra: ReadonlyMap<string, string[]>,
  targetPath: string,
): Promise<void> {
  await copyFile(model.dictionaryPath, targetPath);
  const lines = [...extra].map(([word, phones]) => `${word} ${phones.join(' ')}\n`).join('');
  if (lines) await appendFile(targetPath, lines);
}
