import { containsPattern, type Database, type Queryable, type TenantOwner } from '../../../server/plugin-api';
import type { Terms } from '../common/termbases-contract';

export interface TermbaseRecord {
  id: string;
  workspaceId: string;
  name: string;
  languages: string[];
  entriesCount: number;
  updatedAt: Date;
}

export interface EntryRecord {
  id: string;
  termbaseId: string;
  terms: Terms;
}

const COLUMNS = `t.id::text AS id, t.workspace_id::text AS "workspaceId", t.name, t.languages, t.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM termbase_entries e WHERE e.termbase_id = t.id) AS "entriesCount"`;
const ENTRY_COLUMNS = `id::text AS id, termbase_id::text AS "termbaseId", terms`;

/** SQL over the plugin's own tables only. */
export class TermbaseRepository {
  constructor(private readonly db: Database) {}

  async list(
    workspaceId: string,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: TermbaseRecord[]; hasMore: boolean }> {
    const { rows } = await this.db.query<TermbaseRecord>(
      `SELECT ${COLUMNS} FROM termbases t WHERE t.workspace_id = $1 AND ($2 = '%%' OR t.name ILIKE $2) ORDER BY lower(t.name), t.id LIMIT $3 OFFSET $4`,
      [workspaceId, containsPattern(options.search), options.perPage + 1, (options.page - 1) * options.perPage],
    );
    return { rows: rows.slice(0, options.perPage), hasMore: rows.length > options.perPage };
  }

  async find(id: string, db: Queryable = this.db): Promise<TermbaseRecord | null> {
    const { rows } = await db.query<TermbaseRecord>(`SELECT ${COLUMNS} FROM termbases t WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async create(workspaceId: string, name: string, languages: string[]): Promise<TermbaseRecord> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO termbases (workspace_id, name, languages) VALUES ($1, $2, $3) RETURNING id::text AS id`,
      [workspaceId, name, languages],
    );
    return (await this.find(rows[0].id))!;
  }

  async update(id: string, changes: { name?: string; languages?: string[] }): Promise<TermbaseRecord | null> {
    const { rowCount } = await this.db.query(
      'UPDATE termbases SET name = coalesce($2, name), languages = coalesce($3, languages), updated_at = now() WHERE id = $1',
      [id, changes.name ?? null, changes.languages ?? null],
    );
    return rowCount ? this.find(id) : null;
  }

  async delete(id: string, db: Queryable = this.db): Promise<boolean> {
    return ((await db.query('DELETE FROM termbases WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  /** Adds entries in one statement (one, or a whole import: all or nothing). */
  async addEntries(termbase: TermbaseRecord, entries: Terms[], db: Queryable = this.db): Promise<EntryRecord[]> {
    if (entries.length === 0) return [];
    const { rows } = await db.query<EntryRecord>(
      `INSERT INTO termbase_entries (termbase_id, workspace_id, terms) SELECT $1, $2, t FROM unnest($3::jsonb[]) AS t RETURNING ${ENTRY_COLUMNS}`,
      [termbase.id, termbase.workspaceId, entries.map((terms) => JSON.stringify(terms))],
    );
    await db.query('UPDATE termbases SET updated_at = now() WHERE id = $1', [termbase.id]);
    return rows;
  }

  async entries(
    termbaseId: string,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: EntryRecord[]; hasMore: boolean }> {
    const { rows } = await this.db.query<EntryRecord>(
      `SELECT ${ENTRY_COLUMNS} FROM termbase_entries WHERE termbase_id = $1
         AND ($2 = '%%' OR EXISTS (SELECT 1 FROM jsonb_each_text(terms) kv WHERE kv.value ILIKE $2))
       ORDER BY termbase_entries.id LIMIT $3 OFFSET $4`, // the bigint column: the id::text alias put entry 10 before entry 9
      [termbaseId, containsPattern(options.search), options.perPage + 1, (options.page - 1) * options.perPage],
    );
    return { rows: rows.slice(0, options.perPage), hasMore: rows.length > options.perPage };
  }

  async entry(id: string): Promise<EntryRecord | null> {
    const { rows } = await this.db.query<EntryRecord>(`SELECT ${ENTRY_COLUMNS} FROM termbase_entries WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async updateEntry(id: string, terms: Terms): Promise<EntryRecord | null> {
    const { rows } = await this.db.query<EntryRecord>(
      `UPDATE termbase_entries SET terms = $2 WHERE id = $1 RETURNING ${ENTRY_COLUMNS}`,
      [id, JSON.stringify(terms)],
    );
    return rows[0] ?? null;
  }

  async deleteEntry(id: string): Promise<boolean> {
    return ((await this.db.query('DELETE FROM termbase_entries WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  /** Entries for one language pair, for the pipeline (both terms present). */
  async pairs(
    workspaceId: string,
    id: string,
    from: string,
    to: string,
  ): Promise<{ source: string; target: string }[] | null> {
    const found = await this.db.query('SELECT 1 FROM termbases WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    if (found.rows.length === 0) return null;
    const { rows } = await this.db.query<{ source: string; target: string }>(
      `SELECT terms->>$2 AS source, terms->>$3 AS target FROM termbase_entries WHERE termbase_id = $1 AND terms ? $2 AND terms ? $3 ORDER BY id`,
      [id, from, to],
    );
    return rows;
  }

  async ownerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM termbases t JOIN workspaces w ON w.id = t.workspace_id WHERE t.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async entryOwnerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM termbase_entries e JOIN workspaces w ON w.id = e.workspace_id WHERE e.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
