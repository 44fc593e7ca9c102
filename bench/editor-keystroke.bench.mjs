/**
 * editor.keystrokeMedianMs / editor.keystrokeP95Ms: keystroke to painted text in a cue of a
 * 2,000-cue subtitle (a two-hour film), in Chromium, on a production build of
 * bench/editor-keystroke/ (the editor plugin's own view with its model, reading problems and
 * save). A cue is opened for editing (Enter in the list), then 200 characters are typed one by
 * one at a fast typist's pace (one key every 60 ms), after 20 warm-up keys; each is measured in
 * the page from the keydown to the end of the next painted frame (bench/editor-keystroke/measure.ts).
 * Keydowns Chromium's Event Timing saw take 16 ms or more are counted beside, and the same typing
 * into a bare text box on the same page build is logged as the floor the machine gives at that
 * moment (on a shared two-core machine its p95 alone can pass 33 ms).
 */
import { median, openBenchPage } from './lib/browser-bench.mjs';

const GOAL_MEDIAN_MS = 16;
const GOAL_P95_MS = 33;
const KEYS = 200;
const WARM_UP = 20;
const PACE_MS = 60;
const TEXT = 'the ferry leaves the harbour at noon and the captain says the sea is calm today ';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Types WARM_UP + KEYS characters into a text box opened from the list; returns the measured keys and the slow keydowns. */
async function typeInto(page, url, errors) {
  await page.goto(url);
  await page
    .waitForFunction(
      () => window.__editorBenchReady === true && document.querySelectorAll('[role="row"]').length > 0,
      null,
      { timeout: 20_000 },
    )
    .catch(() => {
      throw new Error(`bench page did not start${errors.length ? `: ${errors.join('; ')}` : ''}`);
    });
  // Into the list by keyboard, then edit that cue's text (the control page: its one box).
  await page.getByRole('grid', { name: 'Cues' }).focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  if (url.includes('control')) await page.getByLabel('Control text').focus();
  await page.waitForFunction(() => document.activeElement instanceof HTMLTextAreaElement, null, { timeout: 10_000 });
  await page.keyboard.press('End');
  for (let i = 0; i < WARM_UP + KEYS; i++) {
    await page.keyboard.type(TEXT[i % TEXT.length]);
    await page.waitForTimeout(PACE_MS);
  }
  await page.waitForFunction((count) => window.__keystrokeSamples.length >= count, WARM_UP + KEYS, { timeout: 10_000 });
  return {
    samples: (await page.evaluate(() => window.__keystrokeSamples)).slice(WARM_UP),
    slow: await page.evaluate(() => window.__keystrokeEventDurations.length),
  };
}

export default async function editorKeystroke(ctx) {
  const bench = await openBenchPage(ctx, 'editor-keystroke');
  try {
    const page = await bench.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const editor = await typeInto(page, bench.url, errors);
    const cues = await page.evaluate(() =>
      Number(document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount')),
    );
    const control = await typeInto(page, `${bench.url}?control`, errors);
    if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);

    const value = (n) => Math.round(n * 10) / 10;
    const range = (s) =>
      `min ${value(Math.min(...s))}, median ${value(median(s))}, p95 ${value(percentile(s, 95))}, max ${value(Math.max(...s))} ms`;
    const [load] = (await import('node:os')).loadavg();
    ctx.log(
      `   ${cues} cues, ${editor.samples.length} keys typed into cue 9 (after ${WARM_UP} warm-up keys), one every ${PACE_MS} ms`,
    );
    ctx.log(`   keydown to painted text, editor:        ${range(editor.samples)}`);
    ctx.log(`   the same into a bare text box (floor):  ${range(control.samples)}   (load average ${load.toFixed(1)})`);
    ctx.log(
      `   keydowns Event Timing saw take 16 ms or more: editor ${editor.slow}, bare box ${control.slow} of ${WARM_UP + KEYS}`,
    );
    return {
      'editor.keystrokeMedianMs': { value: value(median(editor.samples)), unit: 'ms', goal: `<= ${GOAL_MEDIAN_MS}` },
      'editor.keystrokeP95Ms': { value: value(percentile(editor.samples, 95)), unit: 'ms', goal: `<= ${GOAL_P95_MS}` },
    };
  } finally {
    await bench.close();
  }
}
