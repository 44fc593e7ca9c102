import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ALERT, E2E_OPERATOR_EMAIL } from './tests/e2e/support/e2e-alert';

/**
 * Browser tests run against the built app (`vite build` -> dist/) served by the real server in
 * production mode, on embedded defaults: PGlite in a fresh temporary DATA_DIR, mail to its outbox.
 *
 * The port and DATA_DIR are chosen once, in the runner process, and put into the environment:
 * this file is evaluated again in every worker, which inherits them, so tests read the same
 * DATA_DIR (tests/e2e/support/e2e-env.ts) to open the outbox.
 */
function freePort(): string {
  const probe =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

/** A UDP port no one uses now, for the test DNS server (tests/e2e/sso.spec.ts) the server is told to ask. */
function freeUdpPort(): string {
  const probe =
    "const s=require('dgram').createSocket('udp4');s.bind(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

process.env.POLYCUE_E2E_PORT ??= process.env.PLAYWRIGHT_PORT ?? freePort();
process.env.POLYCUE_E2E_DNS_PORT ??= freeUdpPort();
process.env.POLYCUE_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'polycue-e2e-'));

const port = process.env.POLYCUE_E2E_PORT;
const dataDir = process.env.POLYCUE_E2E_DATA_DIR;
// 127.0.0.1, not localhost: the page, the cookies and the links in mails must share one origin.
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: ['**/support/**'],
  fullyParallel: false,
  workers: 1,
  // Flaky tests get fixed, not retried.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '.tmp/playwright-results',
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's chromium: Playwright cannot download its own browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // Listening means ready: the server applies migrations before it listens.
    port: Number(port),
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close PGlite and the wrapper delete the temporary DATA_DIR.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      POLYCUE_REMOVE_DATA_DIR_ON_EXIT: '1',
      // Every test signs up and logs in from one address: the production limit would trip.
      AUTH_RATE_LIMIT: '100000',
      DATABASE_URL: '',
      // One site-wide alert, published before start (see scripts/e2e-server.mjs).
      POLYCUE_E2E_ALERT_MESSAGE: E2E_ALERT.message,
      POLYCUE_E2E_ALERT_LINK_LABEL: E2E_ALERT.linkLabel,
      POLYCUE_E2E_ALERT_LINK_URL: E2E_ALERT.linkUrl,
      // The instance operator of tests/e2e/operators.spec.ts (publishes alerts while the app runs).
      OPERATOR_EMAILS: E2E_OPERATOR_EMAIL,
      SMTP_URL: '',
      // No outside plugins in the shared server (tests/e2e/outside-plugins.spec.ts starts its own).
      PLUGINS_DIR: path.join(dataDir, 'no-plugins'),
      // Link-import tests serve their media from 127.0.0.1: an explicit, test-only allowance.
      LINK_IMPORT_ALLOW_CIDRS: '127.0.0.0/8',
      // Domain verification's TXT lookups go to the test DNS server a test starts on this port.
      DNS_SERVERS: `127.0.0.1:${process.env.POLYCUE_E2E_DNS_PORT}`,
    },
  },
});
