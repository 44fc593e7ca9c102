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
      // Two test files at a time. Vitest's default is cores - 1, one file at a time on these 2-core
      // machines; most server files wait on PostgreSQL, engines and child processes, so two at once
      // took the run from 697 s to 395 s here.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'happy-dom',
            include: [
              'core/**/*.test.{ts,tsx}',
              'shell/**/*.test.{ts,tsx}',
              'plugins/*/web/**/*.test.{ts,tsx}',
              'plugins/*/common/**/*.test.ts',
            ],
            setupFiles: ['tests/support/web-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: [
              'server/**/*.test.ts',
              'plugins/*/server/**/*.test.ts',
              'tests/http/**/*.test.ts',
              'tests/distributed/**/*.test.ts',
              'tests/faults/**/*.test.ts',
              'tests/docs/**/*.test.ts',
              'tests/cli/**/*.test.ts',
              'tests/scripts/**/*.test.ts',
            ],
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
