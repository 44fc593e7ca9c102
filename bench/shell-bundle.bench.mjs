/**
 * shell.initialJsGzipBytes: the JavaScript a browser must fetch before the app can run: the
 * entry chunk of index.html plus its static imports, gzip-compressed (level 9, as served
 * compressed). Plugin pages are dynamic imports and do not count. Read from Vite's manifest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staleBuildReason, viteBuild } from '../scripts/lib/build.mjs';

const GOAL_BYTES = 150 * 1024;

/** Entry chunk and everything it statically imports, each once. */
export function initialChunks(manifest, entryKey = 'index.html') {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export default async function shellBundle(ctx) {
  const distDir = path.join(ctx.root, 'dist');
  const reason = staleBuildReason();
  if (reason !== null) {
    ctx.log(`   vite build (${reason})`);
    const code = await viteBuild({ stdio: ['ignore', 2, 2] });
    if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
  }
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  let total = 0;
  for (const file of initialChunks(manifest)) {
    const gzipped = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    ctx.log(`   ${file}: ${(gzipped / 1024).toFixed(1)} KB gzip`);
    total += gzipped;
  }
  return { 'shell.initialJsGzipBytes': { value: total, unit: 'bytes', goal: `<= ${GOAL_BYTES}` } };
}
