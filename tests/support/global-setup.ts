import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, postgresBinDir } from './local-postgres';
import { migratedStarts } from './migrated-starts';

/**
 * Starts ONE throw-away PostgreSQL server for the whole `server` test run (Debian's postgresql
 * package: initdb into a temp dir, pg_ctl on a free loopback port, durability off for speed).
 * Each HTTP suite then creates its own database on it (tests/support/test-app.ts).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test server's `postgres` database. */
    postgresUrl: string;
    /** A database on that server with every first-party migration run: test apps are copies of it. */
    postgresTemplate: string | null;
    /** A PGlite data folder (tar) with every first-party migration run: test apps start from it. */
    pgliteMigratedDump: string | null;
  }
}

/** initdb and postgres refuse to run as root: then run them as Debian's `postgres` user. */
function osUser(): { name: string; uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { name: 'postgres', uid, gid };
}

function run(runAs: { name: string } | null, command: string, args: string[]): void {
  const [file, argv] = runAs ? ['runuser', ['-u', runAs.name, '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = postgresBinDir();
  const runAs = osUser();
  const root = mkdtempSync(path.join(tmpdir(), 'polycue-pg-'));
  if (runAs) chownSync(root, runAs.uid, runAs.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  writeFileSync(logFile, '');
  if (runAs) chownSync(logFile, runAs.uid, runAs.gid);

  run(runAs, path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    // PostgreSQL's default (128MB) unless a caller sizes it as a server of its own would be (the list bench).
    ...(process.env.POLYCUE_PG_SHARED_BUFFERS ? [`-c shared_buffers=${process.env.POLYCUE_PG_SHARED_BUFFERS}`] : []),
  ].join(' ');
  run(runAs, path.join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', serverOptions]);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  project.provide('postgresUrl', adminUrl);
  const migrated = await migratedStarts(adminUrl, root);
  project.provide('postgresTemplate', migrated.postgresTemplate);
  project.provide('pgliteMigratedDump', migrated.pgliteDump);

  return async () => {
    try {
      run(runAs, path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}
