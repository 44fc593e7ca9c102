import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SDK_SPECIFIER,
  SHARED_LIBRARIES,
  SHARED_MODULE_GLOBAL,
  pluginPointsSpecifier,
  sharedModuleUrl,
  type SharedLibrary,
} from '../../core/common/shared-modules';

/**
 * The server half of sharing the app's modules with plugins built outside it
 * (core/common/shared-modules.ts): the import map a page carries when such plugins are installed,
 * and the small module behind each of its addresses, which hands out the instance the running
 * app put on `globalThis.__POLYCUE_SHARED__`.
 *
 * An ES module must name its exports in its text, so the names are worked out here once per
 * process: npm packages as Node loads them, the kernel and the plugins' extension points from the
 * `export` lines of their source files (plain text: the server never runs browser code).
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SharedModules {
  /** Specifier -> the names its module exports. */
  names: ReadonlyMap<string, readonly string[]>;
  /** The page's `<script type="importmap">` text, byte for byte (its CSP hash is of these bytes). */
  importMapJson: string;
  /** `'sha256-…'` of the import map, for `script-src`: an import map is an inline script to CSP. */
  importMapHash: string;
  /** The module served at `sharedModuleUrl(specifier)`, or null for an unknown specifier. */
  source(specifier: string): string | null;
}

export async function loadSharedModules(root = REPO_ROOT): Promise<SharedModules> {
  const names = new Map<string, readonly string[]>();
  for (const [specifier, offered] of Object.entries(SHARED_LIBRARIES) as [SharedLibrary, 'all' | readonly string[]][]) {
    names.set(specifier, offered === 'all' ? await packageExportNames(specifier, root) : offered);
  }
  names.set(SDK_SPECIFIER, exportedNames(readFileSync(path.join(root, 'core/sdk.ts'), 'utf8')));
  const pluginsDir = path.join(root, 'plugins');
  for (const id of existsSync(pluginsDir) ? readdirSync(pluginsDir).sort() : []) {
    const file = path.join(pluginsDir, id, 'web/extension-points.ts');
    if (existsSync(file)) names.set(pluginPointsSpecifier(id), exportedNames(readFileSync(file, 'utf8')));
  }
  const importMapJson = JSON.stringify({
    imports: Object.fromEntries([...names.keys()].map((specifier) => [specifier, sharedModuleUrl(specifier)])),
  });
  return {
    names,
    importMapJson,
    importMapHash: `'sha256-${createHash('sha256').update(importMapJson).digest('base64')}'`,
    source: (specifier) => {
      const exported = names.get(specifier);
      return exported ? moduleSource(specifier, exported) : null;
    },
  };
}

function moduleSource(specifier: string, exported: readonly string[]): string {
  const key = JSON.stringify(specifier);
  return [
    `const shared = globalThis[${JSON.stringify(SHARED_MODULE_GLOBAL)}];`,
    `const m = shared && shared[${key}];`,
    `if (!m) throw new Error(${JSON.stringify(`${specifier} is lent by Polycue to its plugins: load this module from a Polycue page`)});`,
    'export default m.default ?? m;',
    exported.length ? `export const { ${exported.join(', ')} } = m;` : '',
    '',
  ].join('\n');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Names of an npm package as Node sees it: CommonJS (React) through require, ES modules through import. */
async function packageExportNames(specifier: string, root: string): Promise<string[]> {
  const require = createRequire(path.join(root, 'package.json'));
  let keys: string[];
  try {
    keys = Object.keys(require(specifier) as object);
  } catch {
    keys = Object.keys((await import(specifier)) as object);
  }
  return keys.filter((name) => name !== 'default' && name !== '__esModule' && IDENTIFIER.test(name)).sort();
}

/**
 * Value names a TypeScript module exports, from its text: `export { a, b as c } from …`,
 * `export const|let|function|class|enum name`. Type-only exports are left out (they do not exist at
 * run time). Enough for the files it reads, which keep to these forms (core/sdk.ts says so).
 */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  for (const match of text.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      const name = item
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (IDENTIFIER.test(name) && name !== 'default') names.add(name);
    }
  }
  for (const match of text.matchAll(
    /export\s+(?:declare\s+)?(?:const|let|var|function\*?|class|enum|async\s+function)\s+([A-Za-z_$][\w$]*)/g,
  )) {
    names.add(match[1]);
  }
  return [...names].sort();
}
