import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pagesFromApi } from './scripts/vite-dev-pages.mjs';

/**
 * The browser bundle: `index.html` -> `shell/main.tsx`. Plugin pages are dynamic imports, so each
 * lands in its own lazy chunk and the shell's initial JavaScript stays small.
 * In `npm run dev` the API server (tsx watch) listens on API_PORT and Vite proxies to it.
 */
const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
// Outside plugins' files and the modules lent to them come from the API server too.
const apiPaths = ['/api', '/users', '/dev', '/files', '/s/', '/plugin-assets', '/plugin-sdk'];

/**
 * react-router 7's package exports point every condition at its development build (warnings and
 * checks included); its production build sits beside it. The app's build takes that one: the same
 * API, ~4 KB gzip less in the initial JavaScript. Tests and `npm run dev` keep the development build.
 * The same for effector-react's use-sync-external-store polyfill, which React 19 does not need,
 * and for reflect-metadata (shell/vendor/reflect-metadata-lite.ts says why).
 */
function productionRouter(): Plugin {
  const build = (file: string) =>
    fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'polycue-production-router',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: build('index.mjs') },
          { find: /^react-router\/dom$/, replacement: build('dom-export.mjs') },
          // The Reflect metadata inversify needs, without the package's checks (~2 KB gzip less).
          {
            find: /^reflect-metadata\/lite$/,
            replacement: fileURLToPath(new URL('./shell/vendor/reflect-metadata-lite.ts', import.meta.url)),
          },
          // React 19 has useSyncExternalStore: effector-react's pre-18 polyfill is not needed.
          {
            find: /^use-sync-external-store\/shim(\/index\.js)?$/,
            replacement: fileURLToPath(new URL('./shell/vendor/use-sync-external-store-shim.ts', import.meta.url)),
          },
          {
            find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
            replacement: fileURLToPath(
              new URL('./node_modules/use-sync-external-store/with-selector.js', import.meta.url),
            ),
          },
        ],
      },
    }),
  };
}

export default defineConfig({
  // pagesFromApi: in dev, page loads get the session cookie, CSRF meta tag and page config from
  // the API server (scripts/vite-dev-pages.mjs); API calls go through the proxy below.
  plugins: [react(), pagesFromApi(apiTarget), productionRouter()],
  // The manifest lets `npm run bench` find the entry chunk and its static imports.
  // Lazy chunks are named by their hash alone: the shell's table of lazy imports lists every one,
  // and "assets/guidelines-page-…" in it costs initial JavaScript for every plugin (~700 B in all).
  // The source maps and the manifest still say which module is which.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // A lazy page's own imports are not preloaded beside it (its CSS still is): the table of every
    // lazy chunk's dependencies cost ~1 KB of initial JavaScript, paid by every first load, while
    // the extra round trip falls on a page's first opening only.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: { output: { chunkFileNames: 'assets/c-[hash].js', assetFileNames: 'assets/a-[hash][extname]' } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
