import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort, postgresBinDir } from '../support/local-postgres';

/**
 * A PostgreSQL cluster of the test's own (initdb in a temp dir, pg_ctl on a free port), so the
 * test can stop and start it while servers use it. As tests/support/global-setup.ts starts the
 * shared one; that one must never go down under other suites.
 */
export interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  // initdb and postgres refuse to run as root: then as Debian's `postgres` user.
  const asRoot = userInfo().uid === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  const root = mkdtempSync(path.join(tmpdir(), 'polycue-own-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  writeFileSync(logFile, '');
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(root, id('-u'), id('-g'));
    chownSync(logFile, id('-u'), id('-g'));
  }
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    '-c fsync=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = () => run('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', options]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // `fast`: open connections are cut, as a crash or a fail-over would.
    stop: () => run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
