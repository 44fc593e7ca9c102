/**
 * What failed, for `npm test`'s summary: the failed tests of Vitest's and Playwright's JSON reports,
 * one line each (file, name, the first line of the error); a step without reports repeats its last
 * lines instead (runKeepingTail, ./process.mjs). CI keeps only the tail of the output, and a failure
 * scrolled away above 20 minutes of Playwright cannot be found again.
 */
import path from 'node:path';
import { REPO_ROOT } from './process.mjs';

const MAX_LINES = 30;

/** @param {string | undefined} message */
function firstLine(message) {
  const line = (message ?? '').split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  // eslint-disable-next-line no-control-regex -- colour codes from the reporters
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return plain.length > 200 ? `${plain.slice(0, 199)}…` : plain;
}

/** @param {string} file */
function relative(file) {
  return path.isAbsolute(file) ? path.relative(REPO_ROOT, file) : file;
}

/**
 * @param {any} report Vitest's JSON report (Jest-compatible shape), or null
 * @returns {string[]}
 */
export function vitestFailures(report) {
  if (!report?.testResults) return [];
  const lines = [];
  for (const file of report.testResults) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      lines.push(`${relative(file.name)} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed without a failed test crashed before or around its tests (import error, hook).
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(`${relative(file.name)}: ${firstLine(file.message) || 'the file failed outside its tests'}`);
    }
  }
  return lines;
}

/**
 * @param {any} report Playwright's JSON report, or null
 * @returns {string[]}
 */
export function playwrightFailures(report) {
  const lines = [];
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok !== false) continue;
      const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
      lines.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error?.message)}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  for (const error of report?.errors ?? []) lines.push(`playwright: ${firstLine(error.message)}`);
  return lines;
}

/** @param {string[]} lines */
export function printFailures(lines) {
  if (lines.length === 0) return;
  console.log('failed tests:');
  for (const line of lines.slice(0, MAX_LINES)) console.log(`  ✗ ${line}`);
  if (lines.length > MAX_LINES) console.log(`  … and ${lines.length - MAX_LINES} more above`);
}
