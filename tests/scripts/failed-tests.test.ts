import { describe, expect, test } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { playwrightFailures, vitestFailures } from '../../scripts/lib/failed-tests.mjs';
// @ts-expect-error -- a plain .mjs script without types
import { runKeepingTail } from '../../scripts/lib/process.mjs';

// The reports' shapes as Vitest 4 and Playwright write them (trimmed from real runs of a failing test).
describe("npm test's summary names every failed test, so CI's tail shows what to fix", () => {
  test('Vitest: a failed test with its first error line, and a file that crashed before its tests', () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/tests/http/isolation-sweep.test.ts`,
          status: 'failed',
          message: '',
          assertionResults: [
            {
              fullName: 'sweep [postgres] GET /api/x',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: rows changed\u001b[39m\n    at x.ts:1'],
            },
            { fullName: 'sweep [pglite] GET /api/x', status: 'passed', failureMessages: [] },
          ],
        },
        {
          name: `${process.cwd()}/tests/http/a.test.ts`,
          status: 'failed',
          message: "Cannot find module './gone'",
          assertionResults: [],
        },
        { name: `${process.cwd()}/tests/http/b.test.ts`, status: 'passed', message: '', assertionResults: [] },
      ],
    };
    expect(vitestFailures(report)).toEqual([
      'tests/http/isolation-sweep.test.ts › sweep [postgres] GET /api/x: AssertionError: rows changed',
      "tests/http/a.test.ts: Cannot find module './gone'",
    ]);
  });

  test('Playwright: failed specs inside describe blocks, with their line', () => {
    const report = {
      suites: [
        {
          specs: [{ title: 'passes', ok: true, file: 'a.spec.ts', line: 3, tests: [] }],
          suites: [
            {
              specs: [
                {
                  title: 'fails',
                  ok: false,
                  file: 'a.spec.ts',
                  line: 9,
                  tests: [
                    {
                      results: [{ status: 'failed', error: { message: 'Error: expect(locator).toBeVisible()\nmore' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [],
    };
    expect(playwrightFailures(report)).toEqual(['a.spec.ts:9 › fails: Error: expect(locator).toBeVisible()']);
  });

  test('no report (a step that crashed) names nothing rather than throwing', () => {
    expect(vitestFailures(null)).toEqual([]);
    expect(playwrightFailures(null)).toEqual([]);
  });

  test('a step without reports (typecheck, lint…) keeps its last lines and its exit code for the summary', async () => {
    const script =
      'for (let i = 1; i <= 40; i++) console.log("line " + i); process.stdout.write("the error, no newline"); process.exit(3)';
    const { code, tail } = await runKeepingTail(process.execPath, ['-e', script], 5);
    expect(code).toBe(3);
    expect(tail).toEqual(['line 37', 'line 38', 'line 39', 'line 40', 'the error, no newline']);
  });
});
