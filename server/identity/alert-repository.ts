import type { Queryable } from '../db/database';

export interface AlertRecord {
  id: string;
  message: string;
  linkLabel: string | null;
  linkUrl: string | null;
}

/** An alert as operators see it: whether it is still shown, and when it was published. */
export interface PublishedAlertRecord extends AlertRecord {
  active: boolean;
  createdAt: string;
}

export type AlertFields = Omit<AlertRecord, 'id'>;

const ALERT_COLUMNS = 'id::text AS id, message, link_label AS "linkLabel", link_url AS "linkUrl"';
const PUBLISHED_COLUMNS = `${ALERT_COLUMNS}, active, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

/** The site-wide banner. Ids grow with time, so "newer than the one dismissed" is an id comparison. */
export class AlertRepository {
  constructor(private readonly db: Queryable) {}

  /** The newest active alert the user has not dismissed (dismissing one hides every older one too). */
  async relevantFor(lastViewedAlertId: string | null): Promise<AlertRecord | null> {
    const { rows } = await this.db.query<AlertRecord>(
      `SELECT ${ALERT_COLUMNS} FROM alerts
       WHERE active AND id > coalesce($1::bigint, 0)
       ORDER BY alerts.id DESC LIMIT 1`,
      [lastViewedAlertId],
    );
    return rows[0] ?? null;
  }

  async publish(alert: AlertFields): Promise<PublishedAlertRecord> {
    const { rows } = await this.db.query<PublishedAlertRecord>(
      `INSERT INTO alerts (message, link_label, link_url) VALUES ($1, $2, $3) RETURNING ${PUBLISHED_COLUMNS}`,
      [alert.message, alert.linkLabel, alert.linkUrl],
    );
    return rows[0];
  }

  /** The newest alerts first, shown or withdrawn, for the operators' page. */
  async recent(limit: number): Promise<PublishedAlertRecord[]> {
    const { rows } = await this.db.query<PublishedAlertRecord>(
      `SELECT ${PUBLISHED_COLUMNS} FROM alerts ORDER BY alerts.id DESC LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /**
   * Corrects an alert in place: it keeps its id, so people who dismissed it are not shown it
   * again (publish a new one for that). Null when there is no such alert.
   */
  async edit(id: string, alert: AlertFields): Promise<PublishedAlertRecord | null> {
    const { rows } = await this.db.query<PublishedAlertRecord>(
      `UPDATE alerts SET message = $2, link_label = $3, link_url = $4 WHERE id = $1::bigint RETURNING ${PUBLISHED_COLUMNS}`,
      [id, alert.message, alert.linkLabel, alert.linkUrl],
    );
    return rows[0] ?? null;
  }

  /** Stops showing one alert (an older active one, if any, is shown again to those who had not dismissed it). */
  async withdraw(id: string): Promise<PublishedAlertRecord | null> {
    const { rows } = await this.db.query<PublishedAlertRecord>(
      `UPDATE alerts SET active = false WHERE id = $1::bigint RETURNING ${PUBLISHED_COLUMNS}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async deactivateAll(): Promise<number> {
    const { rowCount } = await this.db.query('UPDATE alerts SET active = false WHERE active');
    return rowCount;
  }
}
