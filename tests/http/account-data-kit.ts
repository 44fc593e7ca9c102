import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../server/db/database';
import type { AccountDataRegistry } from '../../server/plugin-api/account-data';

/**
 * What the account-data tests read of an installation: every table of the database and every
 * file in its local Storage, and which declaration covers each (server/plugin-api/account-data.ts).
 */

/** Every base table outside PostgreSQL's own schemas, as `table` (public) or `schema.table`. */
export async function databaseTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT CASE WHEN table_schema = 'public' THEN table_name ELSE table_schema || '.' || table_name END AS name
     FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** The declaration covering a table (its own entry, or `schema.*`), or null. */
export function coverOf(registry: AccountDataRegistry, table: string): 'table' | 'not account data' | null {
  if (registry.tables().some((t) => t.table === table)) return 'table';
  const notData = registry.notAccountData();
  const schemaWide = table.includes('.') ? `${table.split('.')[0]}.*` : null;
  if (notData.has(table) || (schemaWide && notData.has(schemaWide))) return 'not account data';
  return null;
}

/** Every key in a local Storage folder (DATA_DIR/files), content-type sidecars (`.meta/`) left out. */
export async function storedKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.meta/') && !key.endsWith('.tmp'))
    .sort();
}

/** Rows of every declared table that `ofAccount` finds for the account, as JSON texts, by table. */
export async function rowsOfAccount(
  db: Queryable,
  registry: AccountDataRegistry,
  accountId: string,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const { table, spec } of registry.tables()) {
    if (!spec.ofAccount) continue;
    const { rows } = await db.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE ${spec.ofAccount}`,
      [accountId],
    );
    found[table] = rows.map((r) => r.row).sort();
  }
  return found;
}
