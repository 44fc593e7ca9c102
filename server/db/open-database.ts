import path from 'node:path';
import type { AppConfig } from '../http/request-context';
import type { Database } from './database';
import { PgDatabase } from './pg-database';
import { PgliteDatabase } from './pglite-database';

/** PostgreSQL server when DATABASE_URL is set, else embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return new PgDatabase(config.databaseUrl);
  return PgliteDatabase.open(path.join(config.dataDir, 'pglite'));
}
