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

it('docs/product-contract.md names only files that exist', () => {
  const contract = readFileSync(path.join(ROOT, EXPLAINED_IN), 'utf8');
  const named = [...contract.matchAll(/`((?:core|shell|plugins|server|tests|docs|scripts)\/[\w./-]+)`/g)].map(
    ([, file]) => file,
  );
  expect(named.length).toBeGreaterThan(50);
  expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
});
