import { containsPattern, type Database } from '../../../server/plugin-api';
import type { AuditEntryResource, AuditFilters } from '../common/audit-contract';

interface EntryRow {
  id: string;
  occurredAt: Date | string;
  action: string;
  actorUserId: string | null;
  actorEmail: string | null;
  workspaceId: string | null;
  targetType: string | null;
  targetId: string | null;
  changes: AuditEntryResource['attributes']['changes'];
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const COLUMNS = `id::text AS id, occurred_at AS "occurredAt", action, actor_user_id::text AS "actorUserId",
  actor_email AS "actorEmail", workspace_id::text AS "workspaceId", target_type AS "targetType", target_id AS "targetId",
  changes, ip, user_agent AS "userAgent", request_id AS "requestId"`;

/** Reads the audit log (it has no write here: entries are written by audit-recorder.ts, never changed). */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  /**
   * Newest first, `limit` entries with ids below `before` (keyset paging: entries written while
   * someone scrolls never shift the pages). Dates are whole UTC days, both ends included.
   */
  async list(
    accountId: string,
    filters: AuditFilters,
    page: { before?: string; limit: number },
  ): Promise<AuditEntryResource[]> {
    const { rows } = await this.db.query<EntryRow>(
      `SELECT ${COLUMNS} FROM audit_entries
       WHERE account_id = $1
         AND ($2::bigint IS NULL OR id < $2::bigint)
         AND ($3::text IS NULL OR action = $3::text)
         AND ($4::text IS NULL OR actor_email ILIKE $4::text OR actor_user_id::text = $5::text)
         AND ($6::date IS NULL OR occurred_at >= $6::date)
         AND ($7::date IS NULL OR occurred_at < $7::date + 1)
       ORDER BY audit_entries.id DESC
       LIMIT $8`,
      [
        accountId,
        page.before ?? null,
        filters.action || null,
        filters.actor ? containsPattern(filters.actor.trim()) : null,
        filters.actor?.trim() ?? null,
        filters.from || null,
        filters.to || null,
        page.limit,
      ],
    );
    return rows.map(present);
  }
}

function present(row: EntryRow): AuditEntryResource {
  const { id, occurredAt, ...rest } = row;
  return { id, type: 'auditEntry', attributes: { ...rest, occurredAt: new Date(occurredAt).toISOString() } };
}
