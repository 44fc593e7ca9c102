/**
 * First start on embedded defaults: create the PGlite database (and apply migrations) in a
 * short-lived process before the server starts. PGlite's WebAssembly memory only grows, and
 * initdb grows it to about 800 MB; a server that then reopens the database idles near 350 MB
 * instead of keeping those 800 MB for its whole life. Later starts skip this (the server
 * applies pending migrations itself), so they pay no extra start-up time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, run } from './process.mjs';

/** Where server/db/open-database.ts keeps PGlite: DATA_DIR/pglite (PG_VERSION marks a created cluster). */
function embeddedDatabaseExists(env) {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR?.trim() || 'data');
  return existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * @param {NodeJS.ProcessEnv} env the server's environment
 * @param {{ log?: (message: string) => void, stdio?: import('node:child_process').StdioOptions }} [options]
 */
export async function prepareEmbeddedDatabase(env, { log = console.log, stdio = 'inherit' } = {}) {
  if (env.DATABASE_URL?.trim() || embeddedDatabaseExists(env)) return;
  log('[start] first start: creating the embedded database and applying migrations');
  const { code } = await run(process.execPath, ['--import', 'tsx', 'server/cli/migrate.ts'], { env, stdio });
  if (code !== 0) throw new Error(`creating the database failed (exit ${code})`);
}
