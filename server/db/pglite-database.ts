import { mkdir } from 'node:fs/promises';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { statementText, type Database, type NamedStatement, type QueryResult, type Queryable } from './database';

/**
 * Embedded PostgreSQL (WASM, in-process). One connection: PGlite serialises queries and
 * transactions itself, so a query issued outside a running transaction waits for it to end.
 * Inside `transaction(fn)` always use the `tx` handed to `fn` (the outer handle would wait forever).
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;

  private constructor(readonly pg: PGlite) {}

  /**
   * `dataDir` null: in memory (tests). `initialData`: a data folder dumped by `dumpDataDir` to start
   * from instead of an empty cluster (tests start from one already migrated: initdb is most of a start).
   */
  static async open(dataDir: string | null, initialData?: Blob): Promise<PgliteDatabase> {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    // bigint as string, as node-postgres returns it: ids look the same on both databases.
    const options = { parsers: { [types.INT8]: (value: string) => value }, loadDataDir: initialData };
    const pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
    return new PgliteDatabase(pg);
  }

  query<T = Record<string, unknown>>(sql: string | NamedStatement, params: unknown[] = []): Promise<QueryResult<T>> {
    return runQuery<T>(this.pg, sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.pg.exec(sql);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    // `exec` lets the migrator run multi-statement SQL inside the transaction.
    return this.pg.transaction((tx) =>
      fn({ query: (sql, params = []) => runQuery(tx, sql, params), exec: (sql: string) => tx.exec(sql) } as Queryable),
    );
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

async function runQuery<T>(
  target: PGlite | Transaction,
  sql: string | NamedStatement,
  params: unknown[],
): Promise<QueryResult<T>> {
  const result = await target.query<T>(statementText(sql), params);
  return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
}
