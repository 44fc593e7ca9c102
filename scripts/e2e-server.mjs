#!/usr/bin/env node
/**
 * The server the Playwright tests run against (playwright.config.ts `webServer`): builds dist/
 * when stale, then runs server/main.ts with the environment the config gives. With
 * POLYCUE_REMOVE_DATA_DIR_ON_EXIT=1 the (temporary) DATA_DIR is deleted once the server stopped.
 */
import { rmSync } from 'node:fs';
import { buildIfStale } from './lib/build.mjs';
import { runForeground } from './lib/process.mjs';

await buildIfStale();

const dataDir = process.env.DATA_DIR;
runForeground([{ name: 'server', command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] }], {
  beforeExit() {
    if (process.env.POLYCUE_REMOVE_DATA_DIR_ON_EXIT === '1' && dataDir) rmSync(dataDir, { recursive: true, force: true });
  },
});
