import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * The README is a newcomer's first screen (issue 23): what Polycue is, the two commands and a
 * table of contents, all before the first screenful ends, and the whole file short enough to read;
 * the rest lives in docs/.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

it('opens with what Polycue is, the two commands and a table of contents, and stays within 250 lines', () => {
  const lines = README.split('\n');
  expect(lines.length).toBeLessThanOrEqual(250);
  expect(lines[0]).toBe('# Polycue');
  const firstScreen = lines.slice(0, 40).join('\n');
  expect(firstScreen).toMatch(/^Turn videos into subtitles/m);
  expect(firstScreen).toMatch(/^npm start\b/m);
  expect(firstScreen).toMatch(/^npm test\b/m);
  expect(firstScreen).toMatch(/^## Contents$/m);
  // Every page of docs/ is reachable from the contents.
  const contents = firstScreen.slice(firstScreen.indexOf('## Contents'));
  const pages = readdirSync(new URL('../../docs/', import.meta.url)).filter((file) => file.endsWith('.md'));
  expect(pages.length).toBeGreaterThanOrEqual(9);
  for (const page of pages) expect(contents).toContain(`(docs/${page})`);
});
