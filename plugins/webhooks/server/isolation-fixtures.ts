import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The isolation sweep's rows of the webhooks plugin: an endpoint of the hidden workspace and one
 * delivery of it. The endpoint's URL is a loopback one (the sweep allows none), so the owner's
 * re-send fails at once at the address guard instead of calling anything.
 */
export default defineIsolationFixtures({
  async seed({ db, workspaceId, tag }) {
    const endpoint = await db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (workspace_id, url, description, event_types, secret)
       VALUES ($1, $2, $3, ARRAY['projects.versionCreated'], $4) RETURNING id::text AS id`,
      [workspaceId, `http://127.0.0.1:9/${tag}`, tag, `whsec_${Buffer.from(tag).toString('base64')}`],
    );
    const delivery = await db.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, body, occurred_at, status)
       VALUES ($1, $3, gen_random_uuid(), 'projects.versionCreated', $2, now(), 'delivered') RETURNING id::text AS id`,
      [endpoint.rows[0].id, JSON.stringify({ type: 'projects.versionCreated', data: { title: tag } }), workspaceId],
    );
    return { webhookEndpointId: endpoint.rows[0].id, webhookDeliveryId: delivery.rows[0].id };
  },
  // `:id` of each route, by the path's last segment that is not a parameter.
  bulkIds: {
    webhook_endpoints: 'webhookEndpointId',
    roll_secret: 'webhookEndpointId',
    deliveries: 'webhookEndpointId',
    resend: 'webhookDeliveryId',
  },
  exampleBodies: {
    // A public address literal: saved without any DNS lookup (nothing is sent until an event comes).
    'POST /api/v1/webhook_endpoints': { url: 'https://93.184.215.14/hook', eventTypes: ['projects.versionCreated'] },
  },
});
