/**
 * alignment.medianErrorMs: median absolute error of aligned word start times against ground
 * truth, for an 80-word English transcript spoken by espeak-ng word by word with known pauses
 * (server/engines/testing/speech-fixtures.ts), aligned by the default engine (pocketsphinx with
 * a language model built from the transcript).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const GOAL_MS = 80;
const TRANSCRIPT = [
  'Every morning, Maria walks her dog along the river before work.',
  'The city is quiet at that hour, and the bakery on the corner is just opening.',
  'She buys fresh bread, says hello to the baker, and checks the weather on her phone.',
  'Yesterday it rained all afternoon, so the path was covered in leaves and puddles.',
  'Her dog, a small brown terrier named Biscuit, loves jumping into every one of them.',
  "By eight o'clock they are home again, tired, muddy and happy.",
].join(' ');

export default async function alignmentBench(ctx) {
  const { synthesizeWordByWord } = await tsImport('../server/engines/testing/speech-fixtures.ts', import.meta.url);
  const { PocketsphinxAlignment } = await tsImport(
    '../server/engines/alignment/pocketsphinx-alignment.ts',
    import.meta.url,
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-bench-align-'));
  try {
    const fixture = await synthesizeWordByWord(TRANSCRIPT, dir);
    const started = performance.now();
    const aligned = await new PocketsphinxAlignment().align(fixture.wavPath, TRANSCRIPT, { language: 'en' });
    const seconds = (performance.now() - started) / 1000;
    if (aligned.length !== fixture.words.length)
      throw new Error(`aligned ${aligned.length} words for ${fixture.words.length}`);
    const errors = aligned
      .map((word, index) => Math.abs(word.start - fixture.words[index].start))
      .sort((a, b) => a - b);
    const median = errors[Math.floor(errors.length / 2)];
    ctx.log(
      `   ${aligned.length} words, ${(fixture.durationMs / 1000).toFixed(1)} s of speech aligned in ${seconds.toFixed(1)} s; p90 error ${errors[Math.floor(errors.length * 0.9)]} ms, max ${errors.at(-1)} ms`,
    );
    return { 'alignment.medianErrorMs': { value: median, unit: 'ms', goal: `<= ${GOAL_MS}` } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
