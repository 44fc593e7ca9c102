/**
 * What the plugin-removal check (scripts/check-plugin-removal.mjs) needs besides processes: which
 * plugins are optional, a quick copy of the tree without one of them, and which test files go
 * with it. No dependencies: a line scan of relative imports is enough to see what reaches a
 * plugin folder (the typecheck of the copy is the exact judge of what it breaks).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * The kernel plugins (./kernel-plugins.json, also read by .dependency-cruiser.cjs): the product is
 * "turn videos into subtitles", and without these there is no sign-up (auth), no account or
 * workspace (accounts), nothing to upload into (projects), nothing that makes subtitles (pipeline)
 * and no subtitles (subtitles). Every other folder of plugins/ is optional and must leave a working
 * product when removed; docs/plugins.md section 10 says so.
 * @type {string[]}
 */
export const KERNEL_PLUGINS = JSON.parse(
  readFileSync(new URL('./kernel-plugins.json', import.meta.url), 'utf8'),
).kernel;

/** `npm test`'s typecheck state (tsc --incremental), relative to a tree: each copy starts from the tree's. */
export const TSC_BUILD_INFO = '.tmp/tsc/app.tsbuildinfo';

/** Test code, as .dependency-cruiser.cjs counts it: it assembles the app and may reach into any plugin. */
const TEST_FILE = /(\.test\.tsx?$|\.spec\.tsx?$|^tests\/|^bench\/)/;
/** `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`: relative specifiers only. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
/** A test that exercises a plugin without importing it says so: `@needs-plugins editor, exports`. */
const DECLARED = /@needs-plugins?\s+([\w-]+(?:\s*,\s*[\w-]+)*)/g;
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** @param {string} root */
export function pluginIds(root) {
  return readdirSync(path.join(root, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** @param {string} root */
export function optionalPlugins(root) {
  return pluginIds(root).filter((id) => !KERNEL_PLUGINS.includes(id));
}

/** The files a checkout is made of: tracked and untracked, less what .gitignore keeps out (node_modules, dist, data, .tmp). */
export function sourceFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .toString()
    .split('\0')
    .filter((file) => file && existsSync(path.join(root, file)));
}

/**
 * Copies the tree to `target` as hard links (a second per copy; a file edited in place in the copy
 * would change the original, which is why the copy is only typechecked, built and run, never
 * formatted), with node_modules as a symlink, leaving out `exclude` (files or folders).
 * @param {{ root: string, target: string, files: string[], exclude: (file: string) => boolean }} options
 */
export function linkTree({ root, target, files, exclude }) {
  rmSync(target, { recursive: true, force: true });
  const made = new Set();
  for (const file of files) {
    if (exclude(file)) continue;
    const dir = path.dirname(path.join(target, file));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    try {
      linkSync(path.join(root, file), path.join(target, file));
    } catch {
      copyFileSync(path.join(root, file), path.join(target, file)); // another file system: a copy
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(target, 'node_modules'), 'dir');
}

function resolveImport(files, from, specifier) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const suffix of RESOLVE_SUFFIXES) if (files.has(base + suffix)) return base + suffix;
  return base;
}

/**
 * Every source file's relative imports, resolved to repository paths (or to the bare path when no
 * file matches, which still says which folder it points into).
 * @param {string} root
 * @param {string[]} files
 * @returns {Map<string, { imports: string[], declared: string[] }>}
 */
export function importGraph(root, files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    if (!SOURCE.test(file) || file.startsWith('examples/')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    const imports = [...text.matchAll(IMPORT)].map((match) => resolveImport(known, file, match[1]));
    const declared = [...text.matchAll(DECLARED)].flatMap((match) => match[1].split(/\s*,\s*/));
    graph.set(file, { imports, declared });
  }
  return graph;
}

/**
 * What removing plugins/<id> takes with it and what it breaks.
 * - `skipped`: test files outside the folder that go with it, each with the reason: named for it
 *   (`tests/http/<id>-….test.ts`, `tests/e2e/<id>.spec.ts`), declaring it (`@needs-plugins <id>`),
 *   or importing it, directly or through another skipped test file (a test kit).
 * - `dependents`: code that is not test code and imports the folder: the removal breaks it.
 * @param {Map<string, { imports: string[], declared: string[] }>} graph
 * @param {string} id
 */
export function removalPlan(graph, id) {
  const folder = `plugins/${id}/`;
  const inFolder = (file) => file.startsWith(folder);
  /** @type {Map<string, string>} file -> why */
  const skipped = new Map();
  const namedFor = new RegExp(`^tests/[^/]+/${id}([-.][^/]*)?$`);
  for (const [file, { declared }] of graph) {
    if (inFolder(file) || !TEST_FILE.test(file)) continue;
    if (namedFor.test(file)) skipped.set(file, 'named for it');
    else if (declared.includes(id)) skipped.set(file, `declares @needs-plugins ${id}`);
  }
  // Importers of the folder, then importers of those (test kits), until nothing new.
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, { imports }] of graph) {
      if (inFolder(file) || skipped.has(file) || !TEST_FILE.test(file)) continue;
      const target = imports.find((imported) => inFolder(imported) || skipped.has(imported));
      if (target) {
        skipped.set(file, `imports ${target}`);
        grew = true;
      }
    }
  }
  const dependents = [];
  for (const [file, { imports }] of graph) {
    if (inFolder(file) || TEST_FILE.test(file)) continue;
    const target = imports.find(inFolder);
    if (target) dependents.push(`${file} imports ${target}`);
  }
  return { skipped, dependents };
}
