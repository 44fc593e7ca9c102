/**
 * The one SQL interface every repository uses. PostgreSQL dialect everywhere: PGlite (embedded,
 * in-process) by default, a PostgreSQL server when DATABASE_URL is set. Same queries on both.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/**
 * A statement on the hot path (every request), prepared once per server connection: PostgreSQL
 * then skips parsing and, after a few runs, planning. Measured on the session lookup and the
 * membership check: 3-4x more statements per second than sending the text each time (planning
 * the membership check's joins took 1.5 ms; running it, 0.3 ms). Only for fixed text: each name
 * holds a plan in every pooled connection. PGlite runs the text (one connection, no pool).
 */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

const statementNames = new Map<string, string>();

export function namedStatement(name: string, text: string): NamedStatement {
  const known = statementNames.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`Statement name "${name}" is used for two different statements`);
  statementNames.set(name, text);
  return { name, text };
}

export const statementText = (sql: string | NamedStatement): string => (typeof sql === 'string' ? sql : sql.text);

export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<T = Record<string, unknown>>(sql: string | NamedStatement, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
