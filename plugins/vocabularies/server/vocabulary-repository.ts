import { containsPattern, type Queryable, type TenantOwner } from '../../../server/plugin-api';

export interface VocabularyRecord {
  id: string;
  workspaceId: string;
  name: string;
  utterances: string[];
  updatedAt: Date;
}

const COLUMNS = `id::text AS id, workspace_id::text AS "workspaceId", name, utterances, updated_at AS "updatedAt"`;

/** SQL over the plugin's own table only. */
export class VocabularyRepository {
  constructor(private readonly db: Queryable) {}

  /** A page by name; `search` matches anywhere in the name or an entry, ignoring case. */
  async list(
    workspaceId: string,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: VocabularyRecord[]; hasMore: boolean }> {
    const pattern = containsPattern(options.search);
    const { rows } = await this.db.query<VocabularyRecord>(
      `SELECT ${COLUMNS} FROM vocabulary_lists
       WHERE workspace_id = $1 AND ($2 = '%%' OR name ILIKE $2 OR EXISTS (SELECT 1 FROM unnest(utterances) u WHERE u ILIKE $2))
       ORDER BY lower(name), id LIMIT $3 OFFSET $4`,
      [workspaceId, pattern, options.perPage + 1, (options.page - 1) * options.perPage],
    );
    return { rows: rows.slice(0, options.perPage), hasMore: rows.length > options.perPage };
  }

  async find(workspaceId: string, id: string): Promise<VocabularyRecord | null> {
    const { rows } = await this.db.query<VocabularyRecord>(
      `SELECT ${COLUMNS} FROM vocabulary_lists WHERE workspace_id = $1 AND id = $2`,
      [workspaceId, id],
    );
    return rows[0] ?? null;
  }

  async create(workspaceId: string, name: string, utterances: string[]): Promise<VocabularyRecord> {
    const { rows } = await this.db.query<VocabularyRecord>(
      `INSERT INTO vocabulary_lists (workspace_id, name, utterances) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [workspaceId, name, utterances],
    );
    return rows[0];
  }

  async update(id: string, changes: { name?: string; utterances?: string[] }): Promise<VocabularyRecord | null> {
    const { rows } = await this.db.query<VocabularyRecord>(
      `UPDATE vocabulary_lists SET name = coalesce($2, name), utterances = coalesce($3, utterances), updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, changes.name ?? null, changes.utterances ?? null],
    );
    return rows[0] ?? null;
  }

  async delete(id: string, db: Queryable = this.db): Promise<boolean> {
    return ((await db.query('DELETE FROM vocabulary_lists WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  /** Who a list belongs to, for `config.tenant: { resource: 'vocabulary' }`. */
  async ownerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM vocabulary_lists v JOIN workspaces w ON w.id = v.workspace_id WHERE v.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
