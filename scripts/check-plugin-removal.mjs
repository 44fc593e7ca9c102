#!/usr/bin/env node
/**
 * Removing an optional plugin folder leaves a working product (issue 23). For each optional plugin
 * (every folder of plugins/ but the kernel, scripts/lib/kernel-plugins.json), in a hard-linked copy
 * of the tree without that folder (.tmp/plugin-removal/<id>/):
 *   1. the test files that go with it are left out, each named with the reason;
 *   2. `vite build` of the copy (`--no-build` leaves it out);
 *   3. the server boots from the copy on an empty embedded database (every migration runs),
 *      `/healthz` answers 200 and `/readyz` lists the plugins without this one;
 *   4. the smoke flow of scripts/lib/removal-smoke.mjs: sign up, confirm by mail, upload a video,
 *      make it a project, find it in the list; the server's OpenAPI document is kept;
 *   5. `tsc --noEmit` over the copy (incremental from the tree's own typecheck: seconds, not a
 *      full check per plugin), with the CLI's types generated from that document.
 * `--full <id>` also runs the remaining Vitest suites in that copy (minutes: a sample, by hand or
 * in CI, not in every `npm test`).
 *
 * Usage: node scripts/check-plugin-removal.mjs [id …] [--no-build] [--full <id>] [--keep] [--jobs N]
 * Prints one line per plugin and exits 1 when any removal fails, naming the plugin and the step.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI_TYPES_FILE, cliTypesSource } from './lib/cli-types.mjs';
import { REPO_ROOT, formatDuration, localBin } from './lib/process.mjs';
import {
  KERNEL_PLUGINS,
  TSC_BUILD_INFO,
  importGraph,
  linkTree,
  optionalPlugins,
  removalPlan,
  sourceFiles,
} from './lib/plugin-removal.mjs';
import { smokeFlow } from './lib/removal-smoke.mjs';

const WORK_DIR = path.join(REPO_ROOT, '.tmp', 'plugin-removal');

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const fullId = flag('--full') ? args[args.indexOf('--full') + 1] : null;
const named = args.filter((arg, index) => !arg.startsWith('--') && !['--full', '--jobs'].includes(args[index - 1]));
const optional = optionalPlugins(REPO_ROOT);
for (const id of named) {
  if (KERNEL_PLUGINS.includes(id)) {
    console.error(`${id} is a kernel plugin: the product cannot run without it (scripts/lib/kernel-plugins.json)`);
    process.exit(2);
  }
  if (!optional.includes(id)) {
    console.error(`no optional plugin "${id}"; optional: ${optional.join(', ')}`);
    process.exit(2);
  }
}
const ids = named.length ? named : optional;

/**
 * Runs a command in `cwd`, keeping its output (printed only when it fails).
 * @returns {Promise<{ code: number, output: string }>}
 */
function capture(command, commandArgs, { cwd, env = process.env }) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 127, output: error.message }));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** A 1 s test-pattern video with a tone, made once per run (ffmpeg is one of the app's packages). */
async function smokeVideo() {
  const file = path.join(WORK_DIR, 'smoke-clip.mp4');
  mkdirSync(WORK_DIR, { recursive: true });
  const { code, output } = await capture(
    'ffmpeg',
    // prettier-ignore
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    { cwd: WORK_DIR },
  );
  if (code !== 0) throw new Error(`ffmpeg could not make the smoke video: ${output}`);
  return readFileSync(file);
}

/**
 * Boots server/main.ts from `cwd` on an empty data folder (embedded database: every migration runs).
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void>, output: () => string }>}
 */
function bootServer(cwd, dataDir) {
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'PLUGINS_DIR', 'SMTP_URL', 'STORAGE', 'NODE_ENV', 'ROLE']) delete env[name];
  env.PLUGINS_DIR = path.join(dataDir, 'no-outside-plugins');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the server did not start within 3 minutes:\n${output}`));
    }, 180_000); // a boot takes ~10 s; minutes on a machine shared by many runs
    const onData = (chunk) => {
      output += chunk;
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ baseUrl: `http://127.0.0.1:${port}`, stop, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

/** Boots the copy and runs the smoke flow; throws naming what failed. */
async function bootAndSmoke(id, copy, video) {
  const dataDir = path.join(copy, 'data');
  const booting = performance.now();
  const server = await bootServer(copy, dataDir);
  const bootMs = performance.now() - booting;
  try {
    const health = await fetch(`${server.baseUrl}/healthz`);
    if (health.status !== 200) throw new Error(`/healthz answered ${health.status}`);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    const body = await ready.json();
    if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}: ${JSON.stringify(body)}`);
    if (!Array.isArray(body.plugins) || body.plugins.includes(id) || !body.plugins.includes('projects'))
      throw new Error(`/readyz should list the plugins without ${id}: ${JSON.stringify(body.plugins)}`);
    const steps = await smokeFlow({ baseUrl: server.baseUrl, dataDir, video });
    const document = await fetch(`${server.baseUrl}/api/openapi.json`);
    if (document.status !== 200) throw new Error(`/api/openapi.json answered ${document.status}`);
    return {
      said: `up in ${formatDuration(bootMs)} with ${body.plugins.length} plugins; ${steps.join(', ')}`,
      openApi: await document.json(),
    };
  } catch (error) {
    const log = server.output().trim();
    throw new Error(`${error instanceof Error ? error.message : error}${log ? `\nserver output:\n${log}` : ''}`);
  } finally {
    await server.stop();
  }
}

/** @returns {Promise<{ id: string, failed: string | null }>} */
async function checkRemoval(id, { files, graph, baseTypecheckOk, video }) {
  const started = performance.now();
  // Two removals run at once: each keeps its lines and prints them whole when it is done.
  const lines = [];
  const console = { log: (line) => lines.push(line) };
  const result = await checkRemovalSteps(id, { files, graph, baseTypecheckOk, video, started, console });
  globalThis.console.log(lines.join('\n'));
  return result;
}

async function checkRemovalSteps(id, { files, graph, baseTypecheckOk, video, started, console }) {
  const copy = path.join(WORK_DIR, id);
  const plan = removalPlan(graph, id);
  console.log(`\n── without ${id}`);
  if (plan.skipped.size) {
    console.log(`   left out with it (${plan.skipped.size} test files):`);
    for (const [file, why] of plan.skipped) console.log(`     ${file}  (${why})`);
  }
  linkTree({
    root: REPO_ROOT,
    target: copy,
    files,
    exclude: (file) => file.startsWith(`plugins/${id}/`) || plan.skipped.has(file),
  });
  const fail = (step, detail) => {
    console.log(`   ${step}: FAILED`);
    console.log(detail.trim().replace(/^/gm, '     '));
    if (step === 'typecheck' && plan.dependents.length)
      console.log(
        `     code that imports the removed folder:\n${plan.dependents.map((d) => `       ${d}`).join('\n')}`,
      );
    console.log(`   (the copy stays in ${path.relative(REPO_ROOT, copy)} to look into)`);
    return { id, failed: step };
  };

  if (!flag('--no-build')) {
    const t = performance.now();
    const build = await capture(localBin('vite'), ['build', '--logLevel', 'warn'], {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.code !== 0) return fail('build', build.output);
    console.log(`   build ok (${formatDuration(performance.now() - t)})`);
  }

  let openApi;
  try {
    const t = performance.now();
    const booted = await bootAndSmoke(id, copy, video);
    openApi = booted.openApi;
    console.log(`   boot + smoke ok (${formatDuration(performance.now() - t)}): ${booted.said}`);
  } catch (error) {
    return fail('boot + smoke', error instanceof Error ? error.message : String(error));
  }

  if (baseTypecheckOk) {
    // The CLI's types from the OpenAPI document the copy's server served (git ignores the types,
    // so the copy has none): without the plugin its routes are not in the document, and a CLI call
    // to one must not typecheck. Taken from the server just booted rather than from an app built
    // for it (scripts/generate-cli-types.mjs): that was a second start with its own initdb, ~21 s
    // of each removal's ~60.
    try {
      mkdirSync(path.dirname(path.join(copy, CLI_TYPES_FILE)), { recursive: true });
      writeFileSync(path.join(copy, CLI_TYPES_FILE), await cliTypesSource(openApi));
    } catch (error) {
      return fail(`typecheck (generating ${CLI_TYPES_FILE})`, String(error));
    }
    const info = path.join(copy, TSC_BUILD_INFO);
    mkdirSync(path.dirname(info), { recursive: true });
    if (existsSync(path.join(REPO_ROOT, TSC_BUILD_INFO))) copyFileSync(path.join(REPO_ROOT, TSC_BUILD_INFO), info);
    const t = performance.now();
    const tsc = await capture(
      localBin('tsc'),
      // The tree's state names node_modules by its real path; through the copy's symlink it must be
      // the same path, or tsc takes every package for a new file and checks everything again (~10x).
      ['--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', TSC_BUILD_INFO, '--preserveSymlinks'],
      { cwd: copy },
    );
    if (tsc.code !== 0) return fail('typecheck', tsc.output);
    console.log(`   typecheck ok (${formatDuration(performance.now() - t)})`);
  }

  if (fullId === id) {
    const t = performance.now();
    const vitest = await capture(localBin('vitest'), ['run', '--reporter=dot'], { cwd: copy });
    if (vitest.code !== 0) return fail('remaining tests (vitest)', vitest.output.split('\n').slice(-60).join('\n'));
    console.log(`   remaining tests ok (${formatDuration(performance.now() - t)})`);
  }

  if (!flag('--keep')) rmSync(copy, { recursive: true, force: true });
  console.log(`   without ${id}: ok in ${formatDuration(performance.now() - started)}`);
  return { id, failed: null };
}

const started = performance.now();
console.log(`Optional plugins: ${optional.join(', ')} (kernel: ${KERNEL_PLUGINS.join(', ')})`);
const files = sourceFiles(REPO_ROOT);
const graph = importGraph(REPO_ROOT, files);
const video = await smokeVideo();

// The tree's own typecheck, incremental: a no-op when `npm test` has just run it; the copies start from its state.
const base = await capture(
  localBin('tsc'),
  ['--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', TSC_BUILD_INFO],
  { cwd: REPO_ROOT },
);
if (base.code !== 0)
  console.log('The whole tree does not typecheck (see the typecheck step): the copies are not typechecked.');

// Two at a time (`--jobs N`): a boot is mostly one core (Node, the embedded database), and the
// typecheck waits on the disk; two keep both cores of a small CI machine busy.
const jobs = Math.max(1, Number(args[args.indexOf('--jobs') + 1]) || 2);
const queue = [...ids];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      results.push(await checkRemoval(id, { files, graph, baseTypecheckOk: base.code === 0, video }));
    }
  }),
);
const failed = results.filter((result) => result.failed);
console.log(
  `\nPlugin removal: ${results.length - failed.length} of ${results.length} optional plugins removable in ${formatDuration(performance.now() - started)}` +
    (failed.length ? `; FAILED without ${failed.map((r) => `${r.id} (${r.failed})`).join(', ')}` : ''),
);
process.exit(failed.length || base.code !== 0 ? 1 : 0);
