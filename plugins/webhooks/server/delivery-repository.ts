import type { Queryable } from '../../../server/plugin-api';
import type { WebhookDeliveryAttributes } from '../common/webhooks-contract';

/** A delivery claimed for one attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  workspaceId: string;
  eventId: string;
  body: string;
  attempts: number;
  url: string;
  secrets: string[];
}

interface DeliveryRow extends Omit<WebhookDeliveryAttributes, 'maxAttempts'> {
  id: string;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `d.id::text AS id, d.endpoint_id::text AS "endpointId", d.event_id::text AS "eventId",
  d.event_type AS "eventType", d.status, d.attempts, d.response_status AS "responseStatus",
  d.response_excerpt AS "responseExcerpt", d.error, d.duration_ms AS "durationMs",
  ${iso('d.last_attempt_at')} AS "lastAttemptAt",
  CASE WHEN d.status = 'pending' THEN ${iso('d.next_attempt_at')} END AS "nextAttemptAt",
  ${iso('d.created_at')} AS "createdAt"`;

/** Attempts at once to one endpoint, whatever the number of drains (claim). */
export const IN_FLIGHT_PER_ENDPOINT = 4;

export class DeliveryRepository {
  constructor(private readonly db: Queryable) {}

  /** Newest first, keyset-paged by id. */
  async list(endpointId: string, page: { before?: string; limit: number }): Promise<DeliveryRow[]> {
    const { rows } = await this.db.query<DeliveryRow>(
      `SELECT ${COLUMNS} FROM webhook_deliveries d
        WHERE d.endpoint_id = $1 AND ($2::bigint IS NULL OR d.id < $2::bigint)
        ORDER BY d.id DESC LIMIT $3`,
      [endpointId, page.before ?? null, page.limit],
    );
    return rows;
  }

  async byId(id: string): Promise<DeliveryRow | null> {
    const { rows } = await this.db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_deliveries d WHERE d.id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async ownerOf(id: string): Promise<{ workspaceId: string } | null> {
    const { rows } = await this.db.query<{ workspaceId: string }>(
      `SELECT e.workspace_id::text AS "workspaceId" FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes a due delivery of an enabled endpoint for one attempt: the one named, or else the one
   * due longest (SKIP LOCKED: workers draining at once never take the same row). The attempt is
   * counted now, so one cut short by a crash still counts. A worker that died mid-attempt leaves
   * the row 'sending' until `claimed_until`; then it is due again. Null when nothing is due.
   *
   * Fair between receivers: an endpoint with `perEndpoint` attempts in flight already is passed
   * over (its set is computed once per claim from the few 'sending' rows, through
   * webhook_deliveries_sending_idx). Without it, a receiver that hangs until the timeout with a
   * backlog took every drain for minutes while other workspaces' receivers waited behind it; with
   * it, the others go first and the slow one keeps `perEndpoint` attempts going. Two claims at the
   * same instant may both see room: the cap is a soft one (off by the number of drains at most).
   */
  async claim(
    holdSeconds: number,
    id: string | null = null,
    perEndpoint: number = IN_FLIGHT_PER_ENDPOINT,
  ): Promise<ClaimedDelivery | null> {
    const { rows } = await this.db.query<ClaimedDelivery>(
      `UPDATE webhook_deliveries d SET status = 'sending', attempts = d.attempts + 1,
              claimed_until = now() + make_interval(secs => $1), last_attempt_at = now()
         FROM webhook_endpoints e
        WHERE e.id = d.endpoint_id
          AND d.id = (SELECT due.id FROM webhook_deliveries due JOIN webhook_endpoints de ON de.id = due.endpoint_id
                       WHERE de.enabled AND ($2::bigint IS NULL OR due.id = $2::bigint)
                         AND de.id NOT IN (SELECT busy.endpoint_id FROM webhook_deliveries busy
                                            WHERE busy.status = 'sending' AND busy.claimed_until >= now()
                                            GROUP BY busy.endpoint_id HAVING count(*) >= $3)
                         AND ((due.status = 'pending' AND due.next_attempt_at <= now())
                           OR (due.status = 'sending' AND due.claimed_until < now()))
                       ORDER BY due.next_attempt_at LIMIT 1 FOR UPDATE OF due SKIP LOCKED)
        RETURNING d.id::text AS id, d.endpoint_id::text AS "endpointId", e.workspace_id::text AS "workspaceId",
          d.event_id::text AS "eventId", d.body, d.attempts, e.url,
          CASE WHEN e.previous_secret IS NOT NULL AND e.previous_secret_until > now()
               THEN ARRAY[e.secret, e.previous_secret] ELSE ARRAY[e.secret] END AS secrets`,
      [holdSeconds, id, perEndpoint],
    );
    return rows[0] ?? null;
  }

  /** The attempt's outcome; `retryInSeconds` null: no retry (delivered, or given up). */
  async recordAttempt(
    id: string,
    outcome: { status: 'delivered' | 'pending' | 'failed'; responseStatus: number | null; excerpt: string | null },
    detail: { error: string | null; durationMs: number; retryInSeconds: number | null },
  ): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET status = $2, response_status = $3, response_excerpt = $4, error = $5,
              duration_ms = $6, claimed_until = NULL,
              next_attempt_at = CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END
        WHERE id = $1`,
      [
        id,
        outcome.status,
        outcome.responseStatus,
        outcome.excerpt,
        detail.error,
        detail.durationMs,
        detail.retryInSeconds,
      ],
    );
  }

  /** An endpoint turned off: its deliveries still waiting will not go out (a re-send can send one later). */
  async failWaiting(endpointId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, error = COALESCE(error, $2)
        WHERE endpoint_id = $1 AND status = 'pending'`,
      [endpointId, reason],
    );
  }

  /** A manual re-send: due now, attempts counted from one again. Null unless the endpoint is on. */
  async resend(id: string): Promise<DeliveryRow | null> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = NULL
         FROM webhook_endpoints e
        WHERE d.id = $1 AND e.id = d.endpoint_id AND e.enabled AND d.status <> 'sending'
        RETURNING d.id::text AS id`,
      [id],
    );
    return rows[0] ? this.byId(rows[0].id) : null;
  }
}
