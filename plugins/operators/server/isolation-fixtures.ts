import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The isolation sweep's rows of the operators plugin: an active alert for `:alertId`. Alerts are
 * site-wide (every user is meant to read them), so it carries no tenant's tag; nobody in the
 * sweep is an operator, so its changes are all refused with a 403.
 */
export default defineIsolationFixtures({
  async seed({ db }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO alerts (message) VALUES ('Sweep notice') RETURNING id::text AS id`,
    );
    return { alertId: rows[0].id };
  },
  exampleBodies: {
    'POST /api/v1/alerts': { message: 'Sweep notice' },
    'PUT /api/v1/alerts/:alertId': { message: 'Sweep notice' },
  },
});
