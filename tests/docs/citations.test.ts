import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * Decisions are cited by a file of this repository (docs/product-contract.md#…, docs/architecture.md#…,
 * docs/decisions.md#…), never by the numbered sections of a specification or design note that is
 * not in it: a newcomer cannot open those. docs/product-contract.md explains the old form once.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXPLAINED_IN = 'docs/product-contract.md';

/** The forms used before: the word, an optional "section(s)" or "§", a digit; and the design note by its file name. */
const OUTSIDE_CITATION = /\bspec(?:'s)?\s+(?:sections?\s+|§\s?)?\d|\bDESIGN\.md\b/i;

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && file !== 'package-lock.json' && existsSync(path.join(ROOT, file)));
}

it('no tracked file cites a numbered section of the specification or the design note (only docs/product-contract.md explains them)', () => {
  const found: string[] = [];
  for (const file of trackedTextFiles()) {
    if (file === EXPLAINED_IN) continue;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    if (text.includes('\0')) continue; // binary
    text.split('\n').forEach((line, index) => {
      if (OUTSIDE_CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});

it('docs/product-contract.md names only files that exist', () => {
  const contract = readFileSync(path.join(ROOT, EXPLAINED_IN), 'utf8');
  const named = [...contract.matchAll(/`((?:core|shell|plugins|server|tests|docs|scripts)\/[\w./-]+)`/g)].map(
    ([, file]) => file,
  );
  expect(named.length).toBeGreaterThan(50);
  expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
});
