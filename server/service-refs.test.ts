import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverPlugins } from './plugins';

/**
 * Service refs as issue 23 asks them, checked over the source (grep-style, so a new file is
 * covered without a list): no probe of a service with `has` (a used ref is read with one call,
 * `find`), no ref name declared twice, no token of the old hand-made shapes, and docs/plugins.md's
 * table of refs says what the code does.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

const files = [...sourceFiles('plugins'), ...sourceFiles('server'), ...sourceFiles('core')].map((file) => ({
  file,
  text: readFileSync(path.join(ROOT, file), 'utf8'),
}));

interface Declared {
  constant: string;
  name: string;
  file: string;
  type: string;
}

const declared: Declared[] = files.flatMap(({ file, text }) =>
  [...text.matchAll(/export const (\w+)\s*=\s*service(?:Ref|Token)<([\s\S]*?)>\(\s*'([^']+)'\s*\)/g)].map(
    ([, constant, type, name]) => ({ constant, name, file, type: type.replace(/\s+/g, '') }),
  ),
);

describe('service refs in the source', () => {
  it('has no `services.has(…)` probe and no `has(x) ? get(x)` in plugins/ and server/', () => {
    const probes = files
      .filter(({ file }) => !file.startsWith('core'))
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(
            ({ line }) => /services(\(\))?\s*\.\s*has\(/.test(line) || /\bhas\((\w+)\)\s*\?[^:]*\bget\(\1\)/.test(line),
          )
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(probes).toEqual([]);
  });

  it('declares each ref name once, with serviceRef, in a common/ folder', () => {
    expect(declared.length).toBeGreaterThan(5);
    const names = declared.map((ref) => ref.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    // The old shapes: a token spelled by hand as an object, or with the deprecated serviceToken.
    const handMade = files.filter(({ text }) => /=\s*\{\s*name:\s*'[\w-]+\.\w+'\s*\}\s*as\b/.test(text));
    expect(handMade.map(({ file }) => file)).toEqual([]);
    const deprecated = declared.filter(({ file }) => /serviceToken</.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(deprecated.map(({ file }) => file)).toEqual([]);
    expect(declared.filter(({ file }) => !/^plugins\/[^/]+\/common\//.test(file)).map(({ file }) => file)).toEqual([]);
  });

  it('lists every ref in docs/plugins.md as the plugin definitions declare it', () => {
    const docs = readFileSync(path.join(ROOT, 'docs/plugins.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### Service refs'), docs.indexOf('### Domain events'));
    const rows = section
      .split('\n')
      .filter((line) => /^\| `\w+` \|/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const plugins = (field: 'provides' | 'requires' | 'uses', name: string) =>
      serverPlugins
        .filter((plugin) => (plugin[field] ?? []).some((ref) => ref.name === name))
        .map((plugin) => plugin.id)
        .sort()
        .join(', ');
    const expected = [...declared]
      .sort((a, b) => a.constant.localeCompare(b.constant))
      .map((ref) => [
        `\`${ref.constant}\``,
        `\`${ref.name}\``,
        `\`${ref.file}\``,
        `\`${ref.type}\``,
        plugins('provides', ref.name),
        plugins('requires', ref.name),
        plugins('uses', ref.name),
      ]);
    expect(rows).toEqual(expected);
  });
});
