/**
 * The one SQL interface every repository uses. PostgreSQL dialect everywhere: PGlite (embedded,
 * in-process) by default, a PostgreSQL server when DATABASE_URL is set. Same queries on both.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
