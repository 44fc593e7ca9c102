import type { Queryable } from '../db/database';

export interface AlertRecord {
  id: string;
  message: string;
  linkLabel: string | null;
  linkUrl: string | null;
}

const ALERT_COLUMNS = 'id::text AS id, message, link_label AS "linkLabel", link_url AS "linkUrl"';

/** The site-wide banner. Ids grow with time, so "newer than the one dismissed" is an id comparison. */
export class AlertRepository {
  constructor(private readonly db: Queryable) {}

  /** The newest active alert the user has not dismissed (dismissing one hides every older one too). */
  async relevantFor(lastViewedAlertId: string | null): Promise<AlertRecord | null> {
    const { rows } = await this.db.query<AlertRecord>(
      `SELECT ${ALERT_COLUMNS} FROM alerts
       WHERE active AND id > coalesce($1::bigint, 0)
       ORDER BY id DESC LIMIT 1`,
      [lastViewedAlertId],
    );
    return rows[0] ?? null;
  }

  async publish(alert: Omit<AlertRecord, 'id'>): Promise<AlertRecord> {
    const { rows } = await this.db.query<AlertRecord>(
      `INSERT INTO alerts (message, link_label, link_url) VALUES ($1, $2, $3) RETURNING ${ALERT_COLUMNS}`,
      [alert.message, alert.linkLabel, alert.linkUrl],
    );
    return rows[0];
  }

  async deactivateAll(): Promise<number> {
    const { rowCount } = await this.db.query('UPDATE alerts SET active = false WHERE active');
    return rowCount;
  }
}
