/**
 * Builds the two entries the package.json names, with Vite's JavaScript API:
 * - dist/web/index.js: an ES module for the browser. Everything Polycue lends (React, the router,
 *   Effector, inversify, cmdk, @polycue/sdk, @polycue/plugins/*) stays an import: the page's import
 *   map resolves it to the running app's own copy, so the plugin shares its React and its kernel.
 * - dist/server/index.js: an ES module for Node with no imports of Polycue at all: the host hands
 *   its server SDK to the default-exported function.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const LENT_BY_POLYCUE = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^react-router-dom$/,
  /^effector(-react)?$/,
  /^inversify$/,
  /^cmdk$/,
  /^@polycue\//,
];

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  // JSX compiles to react/jsx-runtime imports, which the import map resolves to the app's React.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    minify: false,
    lib: { entry: 'web/index.ts', formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: { external: (id) => LENT_BY_POLYCUE.some((pattern) => pattern.test(id)) },
  },
});

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    minify: false,
    ssr: 'server/index.ts',
    rolldownOptions: { output: { entryFileNames: 'index.js' } },
  },
});
console.log('built dist/web/index.js and dist/server/index.js');
