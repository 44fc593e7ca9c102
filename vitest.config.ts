import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Two projects: `web` (core, shell and plugin web code in happy-dom) and `server` (server code,
 * plugin server code and HTTP tests in Node; each HTTP suite runs on PGlite and on a real
 * PostgreSQL server that tests/support/global-setup.ts starts once for the run).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'happy-dom',
            include: ['core/**/*.test.{ts,tsx}', 'shell/**/*.test.{ts,tsx}', 'plugins/*/web/**/*.test.{ts,tsx}', 'plugins/*/common/**/*.test.ts'],
            setupFiles: ['tests/support/web-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts', 'plugins/*/server/**/*.test.ts', 'tests/http/**/*.test.ts', 'tests/distributed/**/*.test.ts', 'tests/faults/**/*.test.ts'],
            globalSetup: ['tests/support/global-setup.ts'],
            pool: 'forks',
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }),
);
