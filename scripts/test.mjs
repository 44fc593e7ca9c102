#!/usr/bin/env node
/**
 * `npm test`: set-up (npm dependencies, Debian packages of the app and of the tests, the CLI's
 * types generated from the OpenAPI document: scripts/generate-cli-types.mjs), then
 * typecheck, lint, the format check (Prettier, `npm run format:check`), the import rules (`npm run deps`), Vitest (web + server projects), `vite build`,
 * the plugin-removal check (scripts/check-plugin-removal.mjs), Playwright (when tests/e2e has specs). Every step runs even after a failure, so one run shows
 * everything that is wrong.
 *
 * The summary names each failed test (scripts/lib/failed-tests.mjs). The last line is always `N passed, N failed`: passed/failed tests of Vitest and Playwright
 * (from their JSON reports), where a failing step that reports no test counts (typecheck, lint,
 * deps, build, a suite that crashed before reporting) counts as one failure. Exit code 1 if
 * anything failed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { viteBuild } from './lib/build.mjs';
import { TSC_BUILD_INFO } from './lib/plugin-removal.mjs';
import { REPO_ROOT, formatDuration, localBin, run, runKeepingTail } from './lib/process.mjs';
import { ensureCliTypes } from './lib/cli-types.mjs';
import { APP_PACKAGES, TEST_PACKAGES, ensureNodeModules, ensureSystemPackages } from './lib/setup.mjs';
import { typecheckExampleOutside } from './lib/typecheck-example-outside.mjs';
import { playwrightFailures, printFailures, vitestFailures } from './lib/failed-tests.mjs';

const REPORT_DIR = path.join(REPO_ROOT, '.tmp', 'test-reports');
const VITEST_REPORT = path.join(REPORT_DIR, 'vitest.json');
const PLAYWRIGHT_REPORT = path.join(REPORT_DIR, 'playwright.json');
const E2E_DIR = path.join(REPO_ROOT, 'tests', 'e2e');

/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped', ms: number, passed: number, failed: number, tail?: string[] }[]} */
const results = [];

/**
 * @param {string} name
 * @param {() => Promise<{ code: number, counts?: { passed: number, failed: number } | null, tail?: string[] } | null>} body
 *   null = skipped
 */
async function step(name, body) {
  console.log(`\n━━ ${name}`);
  const started = performance.now();
  const outcome = await body();
  const ms = performance.now() - started;
  if (outcome === null) {
    results.push({ name, status: 'skipped', ms, passed: 0, failed: 0 });
    console.log(`━━ ${name}: skipped`);
    return;
  }
  const ok = outcome.code === 0;
  const counts = outcome.counts ?? null;
  results.push({
    name,
    status: ok ? 'passed' : 'failed',
    ms,
    passed: counts?.passed ?? 0,
    // A failing step without test counts (or with none failed, e.g. a crash) still fails the run.
    failed: ok ? (counts?.failed ?? 0) : Math.max(counts?.failed ?? 0, 1),
    tail: ok ? undefined : outcome.tail,
  });
  console.log(`━━ ${name}: ${ok ? 'ok' : `FAILED (exit ${outcome.code})`} in ${formatDuration(ms)}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function hasE2eSpecs(dir = E2E_DIR) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'support' && hasE2eSpecs(path.join(dir, entry.name))
      : /\.spec\.[cm]?[jt]sx?$/.test(entry.name),
  );
}

function totals() {
  return {
    passed: results.reduce((sum, result) => sum + result.passed, 0),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
  };
}

// Set-up exits the process when it cannot go on (e.g. chromium missing and not root): the last
// line still gives the counts, with that step as the failure.
let summarized = false;
process.on('exit', (code) => {
  if (summarized || code === 0) return;
  const { passed, failed } = totals();
  console.log(`${passed} passed, ${failed + 1} failed`);
});

rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });

await step('setup', async () => {
  await ensureNodeModules();
  await ensureSystemPackages([...APP_PACKAGES, ...TEST_PACKAGES]);
  // The CLI's types (cli/generated, not in git) from this tree's routes, made anew each run so a
  // route's schema change shows in the typecheck below (docs/cli.md).
  return ensureCliTypes();
});

await step('typecheck', async () => {
  // Incremental: its state is where the plugin-removal step's copies start from (a few seconds each, not a full check).
  const app = await runKeepingTail(localBin('tsc'), [
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--incremental',
    '--tsBuildInfoFile',
    TSC_BUILD_INFO,
  ]);
  // The example plugin is typed the way an outside author types one (its own tsconfig, @polycue/* paths).
  const example = await runKeepingTail(localBin('tsc'), ['--noEmit', '-p', 'examples/hello-plugin/tsconfig.json']);
  // …and from a folder outside this checkout, where an author's plugin lives.
  const outside = await typecheckExampleOutside();
  return { code: app.code || example.code || outside.code, tail: [...app.tail, ...example.tail] };
});

await step('lint', () => runKeepingTail('npm', ['run', '--silent', 'lint']));

// One format for the whole tree (.prettierrc.json); `npm run format` rewrites what this names.
await step('format', () => runKeepingTail('npm', ['run', '--silent', 'format:check']));

// The import rules of docs/architecture.md#the-layers (.dependency-cruiser.cjs): one failure when any is crossed.
await step('deps', () => runKeepingTail('npm', ['run', '--silent', 'deps']));

await step('vitest', async () => {
  const { code } = await run(localBin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ]);
  const report = readJson(VITEST_REPORT);
  const counts = report ? { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 } : null;
  // The example plugin's own tests, with its own config, as its author runs them (docs/plugins.md, section 9).
  const example = await run(localBin('vitest'), ['run', '--config', 'examples/hello-plugin/vitest.config.ts']);
  return { code: code || example.code, counts };
});

let built = false;
await step('build', async () => {
  const code = await viteBuild();
  built = code === 0;
  return { code };
});

// Each optional plugin folder removed in turn (a hard-linked copy): the rest typechecks, builds,
// boots and passes the smoke flow; the output names the plugin whose removal failed and the step.
await step('removal', () => runKeepingTail(process.execPath, [path.join('scripts', 'check-plugin-removal.mjs')]));

await step('playwright', async () => {
  if (!hasE2eSpecs()) {
    console.log('no specs in tests/e2e');
    return null;
  }
  if (!built) {
    console.log('the build failed: nothing to test in the browser');
    return null;
  }
  const { code } = await run(localBin('playwright'), ['test', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT },
  });
  const stats = readJson(PLAYWRIGHT_REPORT)?.stats;
  const counts = stats ? { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 } : null;
  return { code, counts };
});

console.log('\n━━ summary');
for (const result of results) {
  const tests = result.passed + result.failed > 0 ? `  ${result.passed} passed, ${result.failed} failed` : '';
  console.log(`${result.name.padEnd(11)} ${result.status.padEnd(8)} ${formatDuration(result.ms).padStart(8)}${tests}`);
}
const { passed, failed } = totals();
const failedSteps = results.filter((result) => result.status === 'failed').map((result) => result.name);
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
for (const result of results) {
  if (!result.tail?.length) continue;
  console.log(`${result.name} printed last:`);
  for (const line of result.tail) console.log(`  ${line}`);
}
printFailures([...vitestFailures(readJson(VITEST_REPORT)), ...playwrightFailures(readJson(PLAYWRIGHT_REPORT))]);
console.log(`${passed} passed, ${failed} failed`);
summarized = true;
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
