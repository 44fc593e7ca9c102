import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * docs/plugins.md's tables of extension points are what outside authors build against: every
 * point the code declares (`export const name = defineExtensionPoint<…>('id')`, web, or
 * `defineServerExtensionPoint`, server) has its row, written "`name` (`id`)", and no row names a
 * point that no longer exists. (The domain events are checked by server/events/event-list-docs.test.ts.)
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function trackedSources(): string[] {
  const files = execFileSync('git', ['ls-files', '-z', '--', 'core', 'shell', 'plugins', 'server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return files.split('\0').filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

type Side = 'web' | 'server';

function declaredPoints(): Record<Side, string[]> {
  const points: Record<Side, string[]> = { web: [], server: [] };
  const declaration =
    /export const (\w+)(?::[^=]+)?\s*=\s*define(Server)?ExtensionPoint\b[^(]*\(\s*'([\w.-]+)'\s*[,)]/g;
  for (const file of trackedSources()) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, name, server, id] of source.matchAll(declaration)) {
      points[server ? 'server' : 'web'].push(`${name} (${id})`);
    }
  }
  return { web: points.web.sort(), server: points.server.sort() };
}

/** The rows of the table that follows `heading` (the first table after that text). */
function documentedPoints(docs: string, heading: string): string[] {
  const start = docs.indexOf(heading);
  expect(start, `docs/plugins.md has "${heading}"`).toBeGreaterThanOrEqual(0);
  const table = docs.slice(start).match(/(?:^\|.*\|\n)+/m)?.[0] ?? '';
  return [...table.matchAll(/^\| `(\w+)` \(`([\w.-]+)`\) \|/gm)].map(([, name, id]) => `${name} (${id})`).sort();
}

it('docs/plugins.md lists every web and server extension point of the code, by name and id, and no other', () => {
  const docs = readFileSync(path.join(ROOT, 'docs', 'plugins.md'), 'utf8');
  const declared = declaredPoints();
  expect(declared.web.length).toBeGreaterThanOrEqual(11);
  expect(declared.server.length).toBeGreaterThanOrEqual(4);
  expect(documentedPoints(docs, '| point | owner, import from | what you add |')).toEqual(declared.web);
  expect(documentedPoints(docs, '| point (id) | owner | what you add |')).toEqual(declared.server);
});
