import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/local-postgres';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface OwnServer {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed (stdout and stderr), for what it says about plugins. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A second server for a spec that needs a different installation (e.g. outside plugins in
 * PLUGINS_DIR) without changing the one every other spec shares: the same built app, production
 * mode, its own port and temporary DATA_DIR, stopped and removed by `stop()`.
 */
export async function startOwnServer(
  env: Record<string, string>,
  /** The name people use for it (PUBLIC_URL and the pages' address); WebAuthn refuses an IP address, so passkeys need `localhost`. */
  { hostname = '127.0.0.1' }: { hostname?: string } = {},
): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'polycue-e2e-own-'));
  const baseURL = `http://${hostname}:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
  });
  const collect = (chunk: Buffer) => void (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes('Polycue is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`));
    });
  });
  return {
    baseURL,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
