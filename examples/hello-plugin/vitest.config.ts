import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The plugin's unit tests run its code against a Polycue checkout, as its types do (tsconfig.json):
 * like there, change `../../` to the checkout's path once the folder is copied out. `@polycue/sdk`
 * is the checkout's kernel, and what Polycue lends at run time (React, Effector, inversify…) is
 * resolved as the kernel resolves it, so the test and the kernel share one copy, as in the browser.
 */
const POLYCUE = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const LENT = /^(react|react-dom|react-router-dom|effector|effector-react|inversify|cmdk|reflect-metadata)($|\/)/;

const lentByPolycue: Plugin = {
  name: 'lent-by-polycue',
  enforce: 'pre',
  resolveId(id, importer, options) {
    if (!LENT.test(id) || importer?.startsWith(POLYCUE)) return null;
    return this.resolve(id, `${POLYCUE}/core/sdk.ts`, { ...options, skipSelf: true });
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [lentByPolycue],
  resolve: {
    alias: [
      { find: /^@polycue\/sdk$/, replacement: `${POLYCUE}/core/sdk.ts` },
      { find: /^@polycue\/plugins\/(.*)$/, replacement: `${POLYCUE}/plugins/$1/web/extension-points.ts` },
    ],
  },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    // inversify's decorators need Reflect metadata, which the app loads before any plugin.
    setupFiles: ['test/setup.ts'],
  },
});
