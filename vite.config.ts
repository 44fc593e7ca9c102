import { defineConfig } from 'vite';
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

export default defineConfig({
  // pagesFromApi: in dev, page loads get the session cookie, CSRF meta tag and page config from
  // the API server (scripts/vite-dev-pages.mjs); API calls go through the proxy below.
  plugins: [react(), pagesFromApi(apiTarget)],
  // The manifest lets `npm run bench` find the entry chunk and its static imports.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
