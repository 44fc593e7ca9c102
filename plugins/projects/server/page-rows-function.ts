import { createHash } from 'node:crypto';
import type { Database } from '../../../server/plugin-api';

/** undefined_function: the function went (a restored dump, a dropped schema); made again once. */
const UNDEFINED_FUNCTION = '42883';

/**
 * The list's rows statement (columns, sub-selects, other plugins' columns, one line of text a row;
 * see version-row-sql.ts, listLinesSql) as a PL/pgSQL function, so that one statement can find a
 * page's ids and read its rows: ONE round trip per list page instead of two. PL/pgSQL keeps the
 * plan of the statement inside a function for the connection, as a named statement does, so the
 * rows are still not planned per page (1.2 ms when they were), while the ids part around the call
 * is still planned for the values at hand (a rare word, a common label).
 *
 * The function's name carries a hash of its text, so installations with other plugins (other
 * columns) and versions side by side each call their own; it is made on first use, under an
 * advisory lock (web processes starting together), and made again if it went missing.
 */
export class PageRowsFunction {
  private made: { text: string; name: Promise<string> } | null = null;

  constructor(private readonly db: Database) {}

  /** Calls `run` with the function's name for this `text` (a statement over `$1` workspace id, `$2` ids, giving one text value). */
  async with<T>(text: string, run: (name: string) => Promise<T>): Promise<T> {
    const name = await this.nameFor(text);
    try {
      return await run(name);
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_FUNCTION) throw error;
      this.made = null;
      return run(await this.nameFor(text));
    }
  }

  private nameFor(text: string): Promise<string> {
    if (this.made?.text !== text) {
      const name = this.create(text);
      this.made = { text, name };
      name.catch(() => {
        if (this.made?.name === name) this.made = null;
      });
    }
    return this.made.name;
  }

  private async create(text: string): Promise<string> {
    const name = `project_versions_page_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    const signature = `${name}(bigint, bigint[])`;
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
      const { rows } = await tx.query<{ exists: boolean }>('SELECT to_regprocedure($1) IS NOT NULL AS exists', [
        signature,
      ]);
      if (rows[0].exists) return;
      await tx.query(
        `CREATE FUNCTION ${signature} RETURNS text LANGUAGE plpgsql STABLE AS $page$ BEGIN RETURN (${text}); END $page$`,
      );
    });
    return name;
  }
}
