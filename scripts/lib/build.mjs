/** `vite build` only when dist/ is missing or older than the browser sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, localBin, run } from './process.mjs';

const DIST_MARKER = path.join(REPO_ROOT, 'dist', '.vite', 'manifest.json');
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'package-lock.json'];
const SOURCE_DIRS = ['core', 'shell'];
/** Inside plugins/<id>/: only what the browser bundle is made of. */
const PLUGIN_BROWSER_DIRS = ['web', 'common'];

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.[cm]?[jt]sx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer directory
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function newestSourceMtime() {
  const targets = [...SOURCE_FILES, ...SOURCE_DIRS].map((name) => path.join(REPO_ROOT, name));
  const pluginsDir = path.join(REPO_ROOT, 'plugins');
  let newest = 0;
  if (existsSync(pluginsDir)) {
    newest = statSync(pluginsDir).mtimeMs; // a plugin folder added or removed
    for (const id of readdirSync(pluginsDir)) {
      for (const dir of PLUGIN_BROWSER_DIRS) targets.push(path.join(pluginsDir, id, dir));
    }
  }
  return Math.max(newest, ...targets.map(newestMtime));
}

/** Why dist/ must be rebuilt, or null when it is current. */
export function staleBuildReason() {
  if (!existsSync(DIST_MARKER)) return 'dist/ is missing';
  if (newestSourceMtime() > statSync(DIST_MARKER).mtimeMs) return 'sources changed since the last build';
  return null;
}

/**
 * Runs `vite build`; resolves with its exit code.
 * @param {import('node:child_process').SpawnOptions} [options] e.g. stdio for the bench
 */
export async function viteBuild(options = {}) {
  const env = { ...process.env, NODE_ENV: 'production' };
  const { code } = await run(localBin('vite'), ['build', '--logLevel', 'warn'], { env, ...options });
  return code;
}

/** Builds when stale; exits the process when the build fails (nothing to serve). */
export async function buildIfStale() {
  const reason = staleBuildReason();
  if (reason === null) return;
  console.log(`[build] vite build (${reason})`);
  const code = await viteBuild();
  if (code !== 0) {
    console.error(`[build] vite build failed (exit ${code})`);
    process.exit(code);
  }
}
