#!/usr/bin/env node
/**
 * The server the Playwright tests run against (playwright.config.ts `webServer`): builds dist/
 * when stale, then runs server/main.ts with the environment the config gives. With
 * POLYCUE_REMOVE_DATA_DIR_ON_EXIT=1 the (temporary) DATA_DIR is deleted once the server stopped.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { buildIfStale } from './lib/build.mjs';
import { runForeground } from './lib/process.mjs';

await buildIfStale();

// The banner test needs a published alert. It is published the way an operator does it (the
// real CLI), before the server starts, because PGlite's files belong to one process at a time.
if (process.env.POLYCUE_E2E_ALERT_MESSAGE) {
  const tsx = ['--import', 'tsx'];
  execFileSync(process.execPath, [...tsx, 'server/cli/migrate.ts'], { stdio: 'inherit' });
  execFileSync(
    process.execPath,
    [
      ...tsx,
      'server/cli/publish-alert.ts',
      '--message',
      process.env.POLYCUE_E2E_ALERT_MESSAGE,
      '--link-label',
      process.env.POLYCUE_E2E_ALERT_LINK_LABEL ?? 'Read more',
      '--link-url',
      process.env.POLYCUE_E2E_ALERT_LINK_URL ?? 'https://status.polycue.example/',
    ],
    { stdio: 'inherit' },
  );
}

const dataDir = process.env.DATA_DIR;
runForeground([{ name: 'server', command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] }], {
  beforeExit() {
    if (process.env.POLYCUE_REMOVE_DATA_DIR_ON_EXIT === '1' && dataDir)
      rmSync(dataDir, { recursive: true, force: true });
  },
});
