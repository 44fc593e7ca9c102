import { containsPattern, type Database, type TenantOwner, type Queryable } from '../../../server/plugin-api';
import { DEFAULT_THEME_STYLE, type ThemeStyle } from '../common/themes-contract';

export interface ThemeRecord {
  id: string;
  workspaceId: string;
  name: string;
  style: ThemeStyle;
  updatedAt: Date;
}

const COLUMNS = `id::text AS id, workspace_id::text AS "workspaceId", name, style, updated_at AS "updatedAt"`;

/** A stored style with the default's value for any field it lacks (rows written before a field existed). */
export const withDefaults = (style: Partial<ThemeStyle>): ThemeStyle => ({ ...DEFAULT_THEME_STYLE, ...style });
const complete = (row: ThemeRecord): ThemeRecord => ({ ...row, style: withDefaults(row.style) });

/** SQL over the plugin's own table only. */
export class ThemeRepository {
  constructor(private readonly db: Database) {}

  /** A page by name; `search` matches the name, ignoring case. */
  async list(
    workspaceId: string,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: ThemeRecord[]; hasMore: boolean }> {
    const { rows } = await this.db.query<ThemeRecord>(
      `SELECT ${COLUMNS} FROM themes WHERE workspace_id = $1 AND ($2 = '%%' OR name ILIKE $2)
       ORDER BY lower(name), id LIMIT $3 OFFSET $4`,
      [workspaceId, containsPattern(options.search), options.perPage + 1, (options.page - 1) * options.perPage],
    );
    return { rows: rows.slice(0, options.perPage).map(complete), hasMore: rows.length > options.perPage };
  }

  async find(id: string): Promise<ThemeRecord | null> {
    const { rows } = await this.db.query<ThemeRecord>(`SELECT ${COLUMNS} FROM themes WHERE id = $1`, [id]);
    return rows[0] ? complete(rows[0]) : null;
  }

  async create(workspaceId: string, name: string, style: ThemeStyle): Promise<ThemeRecord> {
    const { rows } = await this.db.query<ThemeRecord>(
      `INSERT INTO themes (workspace_id, name, style) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [workspaceId, name, JSON.stringify(style)],
    );
    return complete(rows[0]);
  }

  /** The name when given; the style fields given laid over the stored ones (jsonb `||`, in the one statement). */
  async update(id: string, changes: { name?: string; style: Partial<ThemeStyle> }): Promise<ThemeRecord | null> {
    const { rows } = await this.db.query<ThemeRecord>(
      `UPDATE themes SET name = coalesce($2, name), style = style || $3::jsonb, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, changes.name ?? null, JSON.stringify(changes.style)],
    );
    return rows[0] ? complete(rows[0]) : null;
  }

  /** The names in the workspace containing `text` (ignoring case), to pick a free copy name. */
  async namesLike(workspaceId: string, text: string): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT name FROM themes WHERE workspace_id = $1 AND name ILIKE $2`,
      [workspaceId, containsPattern(text)],
    );
    return rows.map((row) => row.name);
  }

  async delete(id: string, db: Queryable = this.db): Promise<boolean> {
    return ((await db.query('DELETE FROM themes WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  /** Who a theme belongs to, for `config.tenant: { resource: 'theme' }`. */
  async ownerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM themes t JOIN workspaces w ON w.id = t.workspace_id WHERE t.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
