/**
 * palette.openMedianMs: how long the command palette takes to open with 500 registered commands,
 * in Chromium, on a production build of bench/palette/ (the shell's palette component and 500
 * synthetic commands). Ctrl+K 30 times (after 3 warm-up opens), each measured in the page from
 * the keydown to the first painted frame with the list (bench/palette/measure-open.ts); the
 * time until all 500 items are painted is logged beside it.
 */
import { median, openBenchPage } from './lib/browser-bench.mjs';

const GOAL_MS = 40;
const RUNS = 30;
const WARM_UP = 3;

export default async function paletteOpen(ctx) {
  const bench = await openBenchPage(ctx, 'palette');
  const { browser } = bench;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(bench.url);
    await page
      .waitForFunction(() => window.__paletteBenchReady === true, null, { timeout: 15_000 })
      .catch(() => {
        throw new Error(`bench page did not start${errors.length ? `: ${errors.join('; ')}` : ''}`);
      });

    for (let run = 0; run < WARM_UP + RUNS; run++) {
      await page.keyboard.press('Control+k');
      await page.waitForFunction((count) => window.__paletteOpenSamples.length >= count, run + 1, { timeout: 10_000 });
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[cmdk-item]'), null, { timeout: 10_000 });
    }
    const samples = (await page.evaluate(() => window.__paletteOpenSamples)).slice(WARM_UP);
    const items = await page.evaluate(() => window.__paletteBenchCommandCount);
    const firstPaint = samples.map((sample) => sample.firstPaint);
    const fullPaint = samples.map((sample) => sample.fullPaint);
    const range = (values) =>
      `min ${Math.min(...values).toFixed(1)}, median ${median(values).toFixed(1)}, max ${Math.max(...values).toFixed(1)} ms`;
    ctx.log(`   ${items} commands, ${samples.length} opens`);
    ctx.log(`   first frame with the list: ${range(firstPaint)}`);
    ctx.log(`   all ${items} items painted:  ${range(fullPaint)}`);
    return {
      'palette.openMedianMs': { value: Math.round(median(firstPaint) * 10) / 10, unit: 'ms', goal: `<= ${GOAL_MS}` },
    };
  } finally {
    await bench.close();
  }
}
