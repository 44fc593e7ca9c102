import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrateAll } from '../../server/db/migrator';
import { PgDatabase } from '../../server/db/pg-database';
import { PgliteDatabase } from '../../server/db/pglite-database';
import { serverPlugins } from '../../server/plugins';
import { asAdmin } from './scratch-database';

/**
 * Every first-party migration run once per test run, on each database, for the test apps to start
 * from (tests/support/test-app.ts): a PostgreSQL template database, and a dump of a PGlite data
 * folder. About 80 suites start two apps each; a fresh PGlite is mostly initdb (~2.5 s of a 3 s
 * start on a quiet machine), a fresh PostgreSQL database runs ~100 migrations. The state copied
 * is exactly what the app's own migrator leaves (the app finds every migration applied and goes
 * on), so nothing a test sees changes. A failure here is reported and the apps start the long way,
 * where each suite reports the failing migration itself.
 */
export async function migratedStarts(
  adminUrl: string,
  folder: string,
): Promise<{ postgresTemplate: string | null; pgliteDump: string | null }> {
  const report = (message: string) => console.error(`[migrated start] ${message}`);
  let postgresTemplate: string | null = 'polycue_migrated_template';
  try {
    await asAdmin(adminUrl, `CREATE DATABASE ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    const db = new PgDatabase(url.toString(), { max: 1 });
    try {
      if ((await migrateAll(db, serverPlugins, [], report)).size > 0) postgresTemplate = null;
    } finally {
      await db.close();
    }
  } catch (error) {
    report(`PostgreSQL template not made, suites migrate their own databases: ${error}`);
    postgresTemplate = null;
  }
  let pgliteDump: string | null = path.join(folder, 'pglite-migrated.tar');
  try {
    const db = await PgliteDatabase.open(null);
    try {
      if ((await migrateAll(db, serverPlugins, [], report)).size > 0) throw new Error('a migration failed');
      const dump = await db.pg.dumpDataDir('none');
      await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } catch (error) {
    report(`PGlite dump not made, suites migrate their own databases: ${error}`);
    pgliteDump = null;
  }
  return { postgresTemplate, pgliteDump };
}
