import { loadConfig } from '../config';
import { collectMigrations, migrate } from '../db/migrator';
import { openDatabase } from '../db/open-database';
import { serverPlugins } from '../plugins';

/** `npm run migrate`: applies pending migrations (the server also does this at start-up). */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db, collectMigrations(serverPlugins));
    console.log(
      applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'Database is up to date.',
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
