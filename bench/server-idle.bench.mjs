/**
 * server.idleRssMb: resident memory of the server process as `npm start` runs it on embedded
 * defaults (PGlite, in-process job worker, outbox mail) with a fresh DATA_DIR, after it answered
 * a page request and then sat idle for 5 s. Read from /proc/<pid>/status (VmRSS). Like
 * `npm start`, the new database is created in its own process first (scripts/lib/database.mjs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareEmbeddedDatabase } from '../scripts/lib/database.mjs';
import { freePort } from '../scripts/lib/process.mjs';

const GOAL_MB = 500;
const IDLE_MS = 5000;
const START_TIMEOUT_MS = 60_000;

function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Math.round(kb / 1024);
}

async function waitUntilAnswering(url, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(url, { headers: { accept: 'text/html' } });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not answer ${url} within ${START_TIMEOUT_MS} ms`);
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export default async function serverIdle(ctx) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'polycue-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    ROLE: '',
  };
  let child = null;
  try {
    await prepareEmbeddedDatabase(env, { log: ctx.log, stdio: ['ignore', 2, 2] });
    // The node process itself (tsx as an --import hook), not a wrapper: its pid is the server's.
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ctx.root,
      stdio: ['ignore', 2, 2],
      env,
    });
    const started = performance.now();
    await waitUntilAnswering(`http://127.0.0.1:${port}/users/sign_in`, child);
    ctx.log(`   answering after ${Math.round(performance.now() - started)} ms; idling ${IDLE_MS / 1000} s`);
    await sleep(IDLE_MS);
    const rss = residentMb(child.pid);
    return { 'server.idleRssMb': { value: rss, unit: 'MB', goal: `<= ${GOAL_MB}` } };
  } finally {
    if (child) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
