import pg from 'pg';
import type { Database, NamedStatement, QueryResult, Queryable } from './database';

/** A PostgreSQL server named by DATABASE_URL, through a connection pool. */
export class PgDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;

  constructor(
    readonly connectionString: string,
    options: { max?: number } = {},
  ) {
    this.pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    // After end() sockets may still be closing (pg-pool does not wait for them): nothing to report.
    this.pool.on('error', (error) => {
      if (!this.pool.ended) console.error('PostgreSQL connection error:', error.message);
    });
  }

  async query<T = Record<string, unknown>>(
    sql: string | NamedStatement,
    params: unknown[] = [],
  ): Promise<QueryResult<T>> {
    return toResult<T>(await this.pool.query(toConfig(sql, params)));
  }

  async exec(sql: string): Promise<void> {
    // Without parameters pg uses the simple query protocol, which accepts several statements.
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const tx: Queryable = {
        async query<R>(sql: string | NamedStatement, params: unknown[] = []) {
          return toResult<R>(await client.query(toConfig(sql, params)));
        },
      };
      const value = await fn(tx);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}

const toConfig = (sql: string | NamedStatement, values: unknown[]): pg.QueryConfig =>
  typeof sql === 'string' ? { text: sql, values } : { name: sql.name, text: sql.text, values };

/** A parameterless multi-statement query answers one result per statement: keep the last. */
function toResult<T>(result: pg.QueryResult | pg.QueryResult[]): QueryResult<T> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  const rows = (last?.rows ?? []) as T[];
  return { rows, rowCount: last?.rowCount ?? rows.length };
}
