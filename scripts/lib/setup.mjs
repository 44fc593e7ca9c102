/**
 * Set-up shared by `npm start`, `npm test` and `npm run dev`: npm dependencies and the Debian
 * packages the app and its tests use. Plain Node with no dependencies, so it runs before
 * `npm install`.
 *
 * Policy for Debian packages (docs/decisions.md, "Set-up inside the two commands"):
 * - present (binary on PATH or a known file) -> skipped, nothing is run;
 * - missing and we are root -> one `apt-get update`, then `apt-get install -y --no-install-recommends`;
 * - missing and not root -> a message naming the exact packages and the command to run. Packages
 *   marked `required` (chromium and postgresql for the tests) stop the run; the engine packages
 *   (ffmpeg, yt-dlp, espeak-ng, pocketsphinx, apertium) only warn, because nothing in the
 *   foundation calls an engine yet and the app starts without them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './process.mjs';

/** @typedef {{ pkg: string, bins?: string[], files?: string[], required?: boolean }} SystemPackage */

const APERTIUM_MODES = '/usr/share/apertium/modes';

/** What the app's engines use (docs/architecture.md#engines-and-the-craft-between-them). A pair is present when its mode file is. */
export const APP_PACKAGES = [
  { pkg: 'ffmpeg', bins: ['ffmpeg', 'ffprobe'] },
  { pkg: 'yt-dlp', bins: ['yt-dlp'] },
  { pkg: 'espeak-ng', bins: ['espeak-ng'] },
  { pkg: 'pocketsphinx', bins: ['pocketsphinx_continuous', 'pocketsphinx'] },
  { pkg: 'pocketsphinx-en-us', files: ['/usr/share/pocketsphinx/model/en-us'] },
  { pkg: 'apertium', bins: ['apertium'] },
  { pkg: 'apertium-eng-spa', files: [`${APERTIUM_MODES}/eng-spa.mode`] },
  { pkg: 'apertium-eng-cat', files: [`${APERTIUM_MODES}/eng-cat.mode`] },
  { pkg: 'apertium-fr-es', files: [`${APERTIUM_MODES}/fr-es.mode`] },
  { pkg: 'apertium-es-pt', files: [`${APERTIUM_MODES}/es-pt.mode`] },
];

/** What the test run needs on top: the browser for Playwright, a PostgreSQL server for HTTP tests. */
export const TEST_PACKAGES = [
  { pkg: 'chromium', bins: ['chromium'], files: ['/usr/bin/chromium'], required: true },
  {
    pkg: 'postgresql',
    files: ['/usr/lib/postgresql/*/bin/initdb', '/usr/lib/postgresql/*/bin/pg_ctl'],
    required: true,
  },
];

/** `command -v` without a shell. */
export function findOnPath(bin) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, bin);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** existsSync with `*` allowed as a whole path segment (/usr/lib/postgresql/X/bin/initdb). */
function fileExists(pattern) {
  const segments = pattern.split('/').filter(Boolean);
  let candidates = ['/'];
  for (const segment of segments) {
    const next = [];
    for (const dir of candidates) {
      if (segment !== '*') {
        next.push(path.join(dir, segment));
        continue;
      }
      try {
        for (const entry of readdirSync(dir)) next.push(path.join(dir, entry));
      } catch {
        // directory missing
      }
    }
    candidates = next;
  }
  return candidates.some((candidate) => existsSync(candidate));
}

export function isInstalled(/** @type {SystemPackage} */ spec) {
  return (spec.bins ?? []).some((bin) => findOnPath(bin)) || (spec.files ?? []).some(fileExists);
}

let aptUpdated = false;

/**
 * Installs what is missing of `packages` (see the policy above). Returns the names of packages
 * still missing (engine packages when not root), so a caller can mention them again.
 * @param {SystemPackage[]} packages
 * @returns {Promise<string[]>}
 */
export async function ensureSystemPackages(packages) {
  const missing = packages.filter((spec) => !isInstalled(spec));
  if (missing.length === 0) return [];
  const names = missing.map((spec) => spec.pkg);

  if (process.getuid?.() !== 0) {
    const required = missing.filter((spec) => spec.required).map((spec) => spec.pkg);
    const command = `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names.join(' ')}`;
    if (required.length > 0) {
      console.error(`\nMissing Debian packages: ${names.join(', ')}.`);
      console.error(`The tests cannot run without ${required.join(', ')}. Install them with:\n\n  ${command}\n`);
      process.exit(1);
    }
    console.warn(`\nWarning: missing Debian packages ${names.join(', ')} (used by the media, speech,`);
    console.warn(`translation and voice engines; the app starts without them). Install them with:\n\n  ${command}\n`);
    return names;
  }

  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // On a fresh machine the package lists are empty or stale: refresh them once per run.
  if (!aptUpdated) {
    console.log('[setup] apt-get update');
    const update = await run('apt-get', ['update', '-q'], { env });
    if (update.code !== 0) console.warn('[setup] apt-get update failed; trying the install with the lists there are');
    aptUpdated = true;
  }
  console.log(`[setup] apt-get install ${names.join(' ')}`);
  const install = await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...names], { env });
  const stillMissing = missing.filter((spec) => !isInstalled(spec));
  if (install.code !== 0 || stillMissing.length > 0) {
    const failed = stillMissing.map((spec) => spec.pkg);
    if (stillMissing.some((spec) => spec.required)) {
      console.error(`[setup] could not install ${failed.join(', ')} (apt-get exited ${install.code})`);
      process.exit(1);
    }
    console.warn(`[setup] warning: could not install ${failed.join(', ')}; the engines that use them will not work`);
    return failed;
  }
  return [];
}

function mtimeMs(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * `npm ci` when node_modules is missing or older than package-lock.json, `npm install` when there
 * is no lock or package.json changed after it; nothing when node_modules is current.
 * @param {{ toStderr?: boolean }} [options] keep stdout clean (`npm run bench -- --json`)
 */
export async function ensureNodeModules(options = {}) {
  const log = options.toStderr ? console.error : console.log;
  const lock = mtimeMs(path.join(REPO_ROOT, 'package-lock.json'));
  const manifest = mtimeMs(path.join(REPO_ROOT, 'package.json'));
  // npm writes this hidden lockfile at the end of every install: it dates node_modules.
  const installed = mtimeMs(path.join(REPO_ROOT, 'node_modules', '.package-lock.json'));
  // npm writes package-lock.json and the hidden one a moment apart; do not reinstall for that.
  const SLACK_MS = 5000;

  let command = null;
  let reason = '';
  if (installed === null) {
    command = lock === null ? 'install' : 'ci';
    reason = 'node_modules is missing';
  } else if (lock === null) {
    command = 'install';
    reason = 'there is no package-lock.json';
  } else if (lock > installed + SLACK_MS) {
    command = 'ci';
    reason = 'package-lock.json is newer than node_modules';
  } else if (manifest !== null && manifest > lock + SLACK_MS && manifest > installed + SLACK_MS) {
    command = 'install';
    reason = 'package.json changed after the last install';
  }
  if (command === null) return;

  log(`[setup] npm ${command} (${reason})`);
  const stdio = options.toStderr ? { stdio: ['ignore', 2, 2] } : {};
  // The lock lists every platform's optional binaries (oxlint's, esbuild's), so `npm ci` installs
  // exactly what was tested; a refusal is an error to fix in the lock, not to paper over.
  const result = await run('npm', [command, '--no-audit', '--no-fund'], stdio);
  if (result.code !== 0) {
    console.error(
      `[setup] npm ${command} failed (exit ${result.code})${command === 'ci' ? ': if it says the lock is out of sync, run `npm install` and commit package-lock.json' : ''}`,
    );
    process.exit(result.code || 1);
  }
}
