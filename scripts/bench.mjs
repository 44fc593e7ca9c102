#!/usr/bin/env node
/**
 * `npm run bench [-- --json] [name…]`: runs every bench/*.bench.mjs (or those whose file name
 * contains one of the given names) and prints a table of figures, or with --json one JSON object
 * `{ "<figure>": { "value": N, "unit": "...", "goal": "<= N" }, ... }` on stdout.
 *
 * A bench module default-exports `async (ctx) => figures`; adding a file to bench/ adds its
 * figures to this command. Progress and child output go to stderr so stdout stays pure JSON.
 * Exit code 1 when a bench could not measure or a figure is missing (not a finite number, or no
 * figures at all: lib/bench-figures.mjs); a figure missing its goal is reported, not fatal.
 * The figures are also written to bench/results/latest.json (npm prints its banner on stdout;
 * `npm run -s bench -- --json` leaves stdout to the JSON alone).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkFigures } from './lib/bench-figures.mjs';
import { REPO_ROOT, run } from './lib/process.mjs';
import { ensureNodeModules } from './lib/setup.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const only = args.filter((arg) => !arg.startsWith('--'));
const BENCH_DIR = path.join(REPO_ROOT, 'bench');

/** What each bench gets: logging and child processes that keep stdout clean. */
const context = {
  root: REPO_ROOT,
  log: (...parts) => console.error(...parts),
  /** Runs a command with its output on stderr; resolves with the exit code. */
  run: (command, commandArgs, options = {}) => run(command, commandArgs, { stdio: ['ignore', 2, 2], ...options }),
};

/** "<= 153600" -> whether value meets it; unknown forms -> null (shown as "-"). */
export function meetsGoal(value, goal) {
  const match = /^\s*(<=|>=|<|>)\s*(-?[\d.]+)\s*$/.exec(goal ?? '');
  if (!match) return null;
  const limit = Number(match[2]);
  switch (match[1]) {
    case '<=':
      return value <= limit;
    case '>=':
      return value >= limit;
    case '<':
      return value < limit;
    default:
      return value > limit;
  }
}

function printTable(figures) {
  const rows = Object.entries(figures).map(([name, figure]) => {
    const ok = meetsGoal(figure.value, figure.goal);
    return [name, `${figure.value} ${figure.unit}`, figure.goal ?? '', ok === null ? '-' : ok ? 'ok' : 'MISSED'];
  });
  const header = ['figure', 'value', 'goal', 'status'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

await ensureNodeModules({ toStderr: true });

const files = readdirSync(BENCH_DIR)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

const figures = {};
const failures = [];
for (const file of files) {
  context.log(`\n== ${file}`);
  const started = performance.now();
  try {
    const module = await import(pathToFileURL(path.join(BENCH_DIR, file)).href);
    const result = checkFigures(file, await module.default(context));
    for (const [name, figure] of Object.entries(result)) {
      figures[name] = figure;
      context.log(`   ${name} = ${figure.value} ${figure.unit}${figure.goal ? ` (goal ${figure.goal})` : ''}`);
    }
  } catch (error) {
    failures.push(file);
    context.log(`   ${file} failed: ${error instanceof Error ? error.stack : String(error)}`);
  }
  context.log(`   took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// Also kept on disk: `npm run bench -- --json` gets npm's own banner on stdout before the JSON.
const resultsDir = path.join(BENCH_DIR, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(figures, null, 2)}\n`);

if (asJson) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  console.log('');
  printTable(figures);
}
if (failures.length > 0) {
  console.error(`\nCould not measure: ${failures.join(', ')}`);
  process.exit(1);
}
