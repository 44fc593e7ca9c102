import { eventMigrations } from '../events/event-migrations';
import { identityMigrations } from '../identity/identity-migrations';
import type { Migration, ServerPlugin } from '../plugin-api/server-plugin';
import type { Database, Queryable } from './database';

/** Any constant works; it only has to be the same in every process of this app. */
const MIGRATION_LOCK_KEY = 7_243_901_115;

/** Core migrations plus every plugin's, in id order. Duplicate ids are a programming error. */
export function collectMigrations(plugins: ServerPlugin[]): Migration[] {
  const all = [...identityMigrations, ...eventMigrations, ...plugins.flatMap((plugin) => plugin.migrations ?? [])];
  const seen = new Set<string>();
  for (const migration of all) {
    if (seen.has(migration.id)) throw new Error(`Duplicate migration id "${migration.id}"`);
    seen.add(migration.id);
  }
  return all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Applies pending migrations, each in its own transaction. Every transaction first takes a
 * transaction-scoped advisory lock and re-reads what is applied, so two processes starting
 * together on one PostgreSQL server apply each migration exactly once (the lock works on any
 * pooled connection, unlike a session lock, and is released by COMMIT/ROLLBACK).
 * Returns the ids applied now.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await lock(tx);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (rows.length > 0) return false;
      try {
        await execInTransaction(db, tx, migration.sql);
      } catch (error) {
        // Which migration, not just the database's sentence ("relation … does not exist").
        throw new MigrationError(migration.id, error);
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}

export class MigrationError extends Error {
  constructor(
    readonly migrationId: string,
    cause: unknown,
  ) {
    super(`Migration ${migrationId} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Polycue's migrations (core and first-party plugins, in id order), then each outside plugin's,
 * plugin by plugin: an outside plugin's tables may reference any of Polycue's whatever its ids
 * say, and one whose migration fails (or reuses an id) is left out with a sentence naming it —
 * its earlier migrations stay applied, Polycue and the other plugins start. Returns the ids of
 * the outside plugins left out.
 */
export async function migrateAll(
  db: Database,
  plugins: ServerPlugin[],
  outside: ServerPlugin[],
  report: (message: string) => void,
): Promise<Set<string>> {
  const own = collectMigrations(plugins);
  await migrate(db, own);
  const taken = new Set(own.map((migration) => migration.id));
  const leftOut = new Set<string>();
  for (const plugin of [...outside].sort(byId)) {
    const migrations = [...(plugin.migrations ?? [])].sort(byId);
    const reused = migrations.find((migration) => taken.has(migration.id));
    try {
      if (reused) throw new Error(`the migration id "${reused.id}" is already used`);
      await migrate(db, migrations);
      for (const migration of migrations) taken.add(migration.id);
    } catch (error) {
      leftOut.add(plugin.id);
      report(`${plugin.id} was not loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return leftOut;
}

async function lock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}

/**
 * Multi-statement SQL inside the transaction. On node-postgres a parameterless query uses the
 * simple protocol, which runs several statements; PGlite's transaction object has exec().
 */
async function execInTransaction(db: Database, tx: Queryable, sql: string): Promise<void> {
  const withExec = tx as Queryable & { exec?: (sql: string) => Promise<unknown> };
  if (withExec.exec) await withExec.exec(sql);
  else if (db.kind === 'postgres') await tx.query(sql);
  else throw new Error('This database transaction cannot run multi-statement SQL');
}
