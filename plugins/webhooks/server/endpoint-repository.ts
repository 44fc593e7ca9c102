import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../server/plugin-api';
import { WEBHOOK_SECRET_PREFIX, type WebhookEndpointAttributes } from '../common/webhooks-contract';

export interface EndpointRow extends WebhookEndpointAttributes {
  id: string;
}

/** `whsec_` + base64 of 256 random bits: the form Standard Webhooks' libraries read. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** How long the secret before a roll keeps signing beside the new one. */
const PREVIOUS_SECRET_HOURS = 24;

export const ENDPOINT_COLUMNS = `e.id::text AS id, e.workspace_id::text AS "workspaceId", e.url, e.description,
  e.event_types AS "eventTypes", e.enabled, e.disabled_reason AS "disabledReason",
  to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

export class EndpointRepository {
  constructor(private readonly db: Queryable) {}

  async list(workspaceId: string): Promise<EndpointRow[]> {
    const { rows } = await this.db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.workspace_id = $1 ORDER BY e.id`,
      [workspaceId],
    );
    return rows;
  }

  async count(workspaceId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = $1',
      [workspaceId],
    );
    return rows[0].n;
  }

  async byId(id: string): Promise<EndpointRow | null> {
    const { rows } = await this.db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async ownerOf(id: string): Promise<{ workspaceId: string } | null> {
    const { rows } = await this.db.query<{ workspaceId: string }>(
      'SELECT workspace_id::text AS "workspaceId" FROM webhook_endpoints WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  async create(input: {
    workspaceId: string;
    url: string;
    description: string;
    eventTypes: string[];
  }): Promise<EndpointRow & { secret: string }> {
    const secret = newWebhookSecret();
    const { rows } = await this.db.query<EndpointRow>(
      `WITH e AS (
         INSERT INTO webhook_endpoints (workspace_id, url, description, event_types, secret)
         VALUES ($1, $2, $3, $4::text[], $5) RETURNING *)
       SELECT ${ENDPOINT_COLUMNS} FROM e`,
      [input.workspaceId, input.url, input.description, input.eventTypes, secret],
    );
    return { ...rows[0], secret };
  }

  /** Changes what is given; turning it on clears the reason it was off. Null when gone. */
  async update(
    id: string,
    changes: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean },
  ): Promise<EndpointRow | null> {
    const { rows } = await this.db.query<EndpointRow>(
      `WITH e AS (
         UPDATE webhook_endpoints SET
           url = COALESCE($2, url),
           description = COALESCE($3, description),
           event_types = COALESCE($4::text[], event_types),
           enabled = COALESCE($5, enabled),
           disabled_reason = CASE WHEN $5 IS TRUE THEN NULL ELSE disabled_reason END
         WHERE id = $1 RETURNING *)
       SELECT ${ENDPOINT_COLUMNS} FROM e`,
      [id, changes.url ?? null, changes.description ?? null, changes.eventTypes ?? null, changes.enabled ?? null],
    );
    return rows[0] ?? null;
  }

  async rollSecret(id: string): Promise<(EndpointRow & { secret: string }) | null> {
    const secret = newWebhookSecret();
    const { rows } = await this.db.query<EndpointRow>(
      `WITH e AS (
         UPDATE webhook_endpoints SET previous_secret = secret, secret = $2,
           previous_secret_until = now() + make_interval(hours => $3)
         WHERE id = $1 RETURNING *)
       SELECT ${ENDPOINT_COLUMNS} FROM e`,
      [id, secret, PREVIOUS_SECRET_HOURS],
    );
    return rows[0] ? { ...rows[0], secret } : null;
  }

  async delete(id: string): Promise<EndpointRow | null> {
    const { rows } = await this.db.query<EndpointRow>(
      `WITH e AS (DELETE FROM webhook_endpoints WHERE id = $1 RETURNING *) SELECT ${ENDPOINT_COLUMNS} FROM e`,
      [id],
    );
    return rows[0] ?? null;
  }
}
