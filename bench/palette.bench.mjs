/**
 * palette.openMedianMs: how long the command palette takes to open with 500 registered commands,
 * in Chromium, on a production build of bench/palette/ (the shell's palette component and 500
 * synthetic commands). Ctrl+K 30 times (after 3 warm-up opens), each measured in the page from
 * the keydown to the first painted frame with the list (bench/palette/measure-open.ts); the
 * time until all 500 items are painted is logged beside it.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { TEST_PACKAGES, ensureSystemPackages } from '../scripts/lib/setup.mjs';

const GOAL_MS = 40;
const RUNS = 30;
const WARM_UP = 3;
const CHROMIUM = '/usr/bin/chromium';
const CONTENT_TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

function serveDirectory(dir) {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://bench').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export default async function paletteOpen(ctx) {
  await ensureSystemPackages(TEST_PACKAGES.filter((spec) => spec.pkg === 'chromium'));
  const { build } = await import('vite');
  const { chromium } = await import('playwright-core');

  const outDir = path.join(ctx.root, '.tmp', 'bench-palette');
  await build({
    configFile: path.join(ctx.root, 'vite.config.ts'),
    root: path.join(ctx.root, 'bench', 'palette'),
    base: './',
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true, manifest: false, sourcemap: false },
  });

  const server = await serveDirectory(outDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.__paletteBenchReady === true, null, { timeout: 15_000 }).catch(() => {
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
    const range = (values) => `min ${Math.min(...values).toFixed(1)}, median ${median(values).toFixed(1)}, max ${Math.max(...values).toFixed(1)} ms`;
    ctx.log(`   ${items} commands, ${samples.length} opens`);
    ctx.log(`   first frame with the list: ${range(firstPaint)}`);
    ctx.log(`   all ${items} items painted:  ${range(fullPaint)}`);
    return { 'palette.openMedianMs': { value: Math.round(median(firstPaint) * 10) / 10, unit: 'ms', goal: `<= ${GOAL_MS}` } };
  } finally {
    await browser.close();
    server.close();
  }
}
