/**
 * The craft of plugins/pipeline/server/craft, measured on generated input:
 *
 * cues.readingRulesPassRate: share of cues that pass checkReadingRules when segmentWords cuts
 * 60 minutes of synthetic timed words (seeded; sentences of 3-24 words at mixed speeds: 60 %
 * at 130-170 wpm, 30 % at 170-200, 10 % at 200-230, with pauses at commas and sentence ends).
 * The rules broken, and the rate on fast speech alone (200-260 wpm), go to stderr.
 *
 * dub.clipsInWindowRate: 40 sentences of 1 to 30 words spoken by espeak-ng (voices en, es, fr,
 * de, ca, pt in turn) into windows from 0.3x to 1.5x their natural length (at least 600 ms),
 * fitted the pipeline's way: speechRateFor, synthesis at that rate, planClipFit through ffmpeg.
 * A clip counts when ffprobe finds the fitted clip no longer than its window + 40 ms AND the
 * sped-up speech before padding no longer than that either (so atrim cut no speech).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CORPUS_MS = 60 * 60 * 1000;
const CLIPS = 40;
const VOICES = ['en', 'es', 'fr', 'de', 'ca', 'pt'];
// Mostly waiting on short-lived processes: more than one per core keeps the cores busy.
const CONCURRENCY = 4;

async function load(ctx, file) {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(pathToFileURL(path.join(ctx.root, 'plugins/pipeline/server/craft', file)).href, import.meta.url);
}

function ruleCounts(reports) {
  const counts = {};
  for (const report of reports)
    for (const violation of report.violations) counts[violation.rule] = (counts[violation.rule] ?? 0) + 1;
  return counts;
}

async function readingRules(ctx) {
  const { segmentWords } = await load(ctx, 'segmentation.ts');
  const { checkReadingRules, readingRulesPassRate } = await load(ctx, 'reading-rules.ts');
  const { syntheticTranscript } = await load(ctx, 'synthetic-transcript.ts');

  const words = syntheticTranscript({ seed: 2024, durationMs: CORPUS_MS });
  const started = performance.now();
  const cues = segmentWords(words);
  const took = performance.now() - started;
  const reports = checkReadingRules(cues);
  ctx.log(
    `   ${words.length} words -> ${cues.length} cues in ${took.toFixed(0)} ms; broken: ${JSON.stringify(ruleCounts(reports))}`,
  );

  const fastWords = syntheticTranscript({
    seed: 2025,
    durationMs: 10 * 60 * 1000,
    rates: [{ weight: 1, minWordsPerMinute: 200, maxWordsPerMinute: 260 }],
  });
  const fastReports = checkReadingRules(segmentWords(fastWords));
  ctx.log(
    `   fast speech only (200-260 wpm, 10 min): ${(readingRulesPassRate(fastReports) * 100).toFixed(2)} % pass; broken: ${JSON.stringify(ruleCounts(fastReports))}`,
  );
  return Math.round(readingRulesPassRate(reports) * 10_000) / 100;
}

async function clipsInWindow(ctx) {
  const { speechRateFor, planClipFit, clipFitsWindow } = await load(ctx, 'isochrony.ts');
  const { ffmpeg, probeDurationMs, synthesize } = await load(ctx, 'media-tools.ts');
  const { seededRandom, syntheticTranscript } = await load(ctx, 'synthetic-transcript.ts');

  const random = seededRandom(77);
  const vocabulary = syntheticTranscript({ seed: 77, durationMs: 120_000, punctuation: false }).map((word) =>
    word.text.toLowerCase(),
  );
  const jobs = Array.from({ length: CLIPS }, (_, index) => {
    const count = 1 + Math.floor(random() * 30);
    const start = Math.floor(random() * (vocabulary.length - count));
    return {
      index,
      voice: VOICES[index % VOICES.length],
      text: `${vocabulary.slice(start, start + count).join(' ')}.`,
      factor: 0.3 + random() * 1.2,
    };
  });

  const dir = mkdtempSync(path.join(os.tmpdir(), 'polycue-bench-dub-'));
  const results = [];
  try {
    async function fit(job) {
      const file = (name) => path.join(dir, `${job.index}-${name}.wav`);
      await synthesize(job.text, file('natural'), { voice: job.voice });
      const naturalMs = await probeDurationMs(file('natural'));
      const window = { start: 0, end: Math.max(600, Math.round(naturalMs * job.factor)) };
      const wpm = speechRateFor(window, naturalMs);
      await synthesize(job.text, file('paced'), { voice: job.voice, wpm });
      const plan = planClipFit(window, await probeDurationMs(file('paced')));
      await ffmpeg([
        '-y',
        '-i',
        file('paced'),
        '-af',
        plan.atempo.map((factor) => `atempo=${factor}`).join(',') || 'anull',
        file('speech'),
      ]);
      await ffmpeg(['-y', '-i', file('paced'), '-af', plan.filter, file('fitted')]);
      const speechMs = await probeDurationMs(file('speech'));
      const fittedMs = await probeDurationMs(file('fitted'));
      const fits = clipFitsWindow(window, speechMs) && clipFitsWindow(window, fittedMs);
      results.push({ ...job, windowMs: window.end, naturalMs, wpm, tempo: plan.tempo, speechMs, fittedMs, fits });
    }
    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await fit(job);
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const worst = Math.max(...results.map((result) => result.fittedMs - result.windowMs));
  const misses = results.filter((result) => !result.fits);
  ctx.log(
    `   ${results.length} clips, windows ${Math.min(...results.map((r) => r.windowMs))}-${Math.max(...results.map((r) => r.windowMs))} ms, espeak ${Math.min(...results.map((r) => r.wpm))}-${Math.max(...results.map((r) => r.wpm))} wpm, atempo up to ${Math.max(...results.map((r) => r.tempo)).toFixed(2)}; fitted clip vs window at worst ${worst.toFixed(1)} ms`,
  );
  for (const miss of misses) ctx.log(`   miss: ${JSON.stringify(miss)}`);
  return Math.round(((results.length - misses.length) / results.length) * 10_000) / 100;
}

export default async function cuesCraft(ctx) {
  const passRate = await readingRules(ctx);
  const inWindow = await clipsInWindow(ctx);
  return {
    'cues.readingRulesPassRate': { value: passRate, unit: '%', goal: '>= 99' },
    'dub.clipsInWindowRate': { value: inWindow, unit: '%', goal: '>= 100' },
  };
}
