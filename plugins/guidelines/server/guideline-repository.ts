import { containsPattern, type Database, type TenantOwner, type Queryable } from '../../../server/plugin-api';
import type { GuidelineParameters } from '../common/guidelines-contract';

export interface GuidelineRecord {
  id: string;
  workspaceId: string;
  name: string;
  prompt: string;
  parameters: GuidelineParameters;
  isDefault: boolean;
  updatedAt: Date;
}

const COLUMNS = `id::text AS id, workspace_id::text AS "workspaceId", name, prompt, parameters, is_default AS "isDefault", updated_at AS "updatedAt"`;

/** SQL over the plugin's own table only. */
export class GuidelineRepository {
  constructor(private readonly db: Database) {}

  /** A page, the default first, then by name; `search` matches the name or the prompt, ignoring case. */
  async list(
    workspaceId: string,
    options: { search: string; page: number; perPage: number },
  ): Promise<{ rows: GuidelineRecord[]; hasMore: boolean }> {
    const pattern = containsPattern(options.search);
    const { rows } = await this.db.query<GuidelineRecord>(
      `SELECT ${COLUMNS} FROM guidelines
       WHERE workspace_id = $1 AND ($2 = '%%' OR name ILIKE $2 OR prompt ILIKE $2)
       ORDER BY is_default DESC, lower(name), id LIMIT $3 OFFSET $4`,
      [workspaceId, pattern, options.perPage + 1, (options.page - 1) * options.perPage],
    );
    return { rows: rows.slice(0, options.perPage), hasMore: rows.length > options.perPage };
  }

  async find(workspaceId: string, id: string): Promise<GuidelineRecord | null> {
    const { rows } = await this.db.query<GuidelineRecord>(
      `SELECT ${COLUMNS} FROM guidelines WHERE workspace_id = $1 AND id = $2`,
      [workspaceId, id],
    );
    return rows[0] ?? null;
  }

  async create(
    workspaceId: string,
    fields: { name: string; prompt: string; parameters: GuidelineParameters },
  ): Promise<GuidelineRecord> {
    const { rows } = await this.db.query<GuidelineRecord>(
      `INSERT INTO guidelines (workspace_id, name, prompt, parameters) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [workspaceId, fields.name, fields.prompt, JSON.stringify(fields.parameters)],
    );
    return rows[0];
  }

  async update(
    id: string,
    changes: { name?: string; prompt?: string; parameters?: GuidelineParameters },
  ): Promise<GuidelineRecord | null> {
    const { rows } = await this.db.query<GuidelineRecord>(
      `UPDATE guidelines SET name = coalesce($2, name), prompt = coalesce($3, prompt), parameters = coalesce($4::jsonb, parameters), updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        changes.name ?? null,
        changes.prompt ?? null,
        changes.parameters ? JSON.stringify(changes.parameters) : null,
      ],
    );
    return rows[0] ?? null;
  }

  /** Makes this one the workspace's default, and no other (one statement each, in one transaction). */
  async makeDefault(id: string): Promise<GuidelineRecord | null> {
    return this.db.transaction(async (tx) => {
      const { rows: found } = await tx.query<{ workspaceId: string }>(
        'SELECT workspace_id::text AS "workspaceId" FROM guidelines WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!found[0]) return null;
      await tx.query(
        'UPDATE guidelines SET is_default = false, updated_at = now() WHERE workspace_id = $1 AND is_default AND id <> $2',
        [found[0].workspaceId, id],
      );
      const { rows } = await tx.query<GuidelineRecord>(
        `UPDATE guidelines SET is_default = true, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id],
      );
      return rows[0] ?? null;
    });
  }

  async clearDefault(id: string): Promise<GuidelineRecord | null> {
    const { rows } = await this.db.query<GuidelineRecord>(
      `UPDATE guidelines SET is_default = false, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async delete(id: string, db: Queryable = this.db): Promise<boolean> {
    return ((await db.query('DELETE FROM guidelines WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  /** Who a guideline belongs to, for `config.tenant: { resource: 'guideline' }`. */
  async ownerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM guidelines g JOIN workspaces w ON w.id = g.workspace_id WHERE g.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
