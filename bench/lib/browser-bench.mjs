/**
 * What the browser benches share: a production build of a bench page (bench/<name>/), a static
 * server for it, Debian's Chromium, and the median. Not a bench itself (no `.bench.mjs`).
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { TEST_PACKAGES, ensureSystemPackages } from '../../scripts/lib/setup.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CONTENT_TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};
const QUIET_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function serveDirectory(dir) {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://bench').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Builds bench/<name>/ for production, serves it and launches Chromium (`chromiumArgs` added to
 * the quiet defaults). Returns `{ url, browser, close() }`.
 */
export async function openBenchPage(ctx, name, chromiumArgs = []) {
  await ensureSystemPackages(TEST_PACKAGES.filter((spec) => spec.pkg === 'chromium'));
  const { build } = await import('vite');
  const { chromium } = await import('playwright-core');
  const outDir = path.join(ctx.root, '.tmp', `bench-${name}`);
  await build({
    configFile: path.join(ctx.root, 'vite.config.ts'),
    root: path.join(ctx.root, 'bench', name),
    base: './',
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true, manifest: false, sourcemap: false },
  });
  const server = await serveDirectory(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...QUIET_CHROMIUM, ...chromiumArgs] });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}
