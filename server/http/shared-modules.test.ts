import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_LIBRARIES } from '../../core/common/shared-modules';
import { exportedNames, loadSharedModules } from './shared-modules';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const runtimeNames = async (file: string) =>
  Object.keys(await import(file))
    .filter((name) => name !== 'default')
    .sort();

describe('modules lent to outside plugins', () => {
  it('names exactly what the kernel entry (@polycue/sdk) exports at run time', async () => {
    const file = path.join(ROOT, 'core/sdk.ts');
    expect(exportedNames(readFileSync(file, 'utf8'))).toEqual(await runtimeNames(file));
  });

  it('names exactly what each plugin’s extension-points module exports at run time', async () => {
    const files = readdirSync(path.join(ROOT, 'plugins'))
      .map((id) => path.join(ROOT, 'plugins', id, 'web/extension-points.ts'))
      .filter((file) => existsSync(file));
    for (const file of files) expect(exportedNames(readFileSync(file, 'utf8')), file).toEqual(await runtimeNames(file));
  });

  it('offers only names the libraries really have, and React’s hooks and JSX runtime', async () => {
    const shared = await loadSharedModules(ROOT);
    for (const [specifier, offered] of Object.entries(SHARED_LIBRARIES)) {
      if (offered === 'all') continue;
      const actual = Object.keys(await import(specifier));
      for (const name of offered) expect(actual, `${specifier} has ${name}`).toContain(name);
    }
    expect(shared.names.get('react')).toEqual(
      expect.arrayContaining(['useState', 'useEffect', 'createElement', 'Suspense']),
    );
    expect(shared.names.get('react/jsx-runtime')).toEqual(expect.arrayContaining(['jsx', 'jsxs', 'Fragment']));
    expect(shared.source('react')).toContain('export default m.default ?? m;');
  });

  it('reads export lists, declarations, renames and leaves type-only exports out', () => {
    const source = `
      // export const commented = 1;
      export { a, b as c, type T } from './x';
      export type { U } from './y';
      export const d = 1; export function e() {} export class F {}
      export interface G {} export type H = string;`;
    expect(exportedNames(source)).toEqual(['F', 'a', 'c', 'd', 'e']);
  });
});
