import { defineServerPlugin, PLUGIN_API_MAJOR, registerTenantResource } from '../../../server/plugin-api';
import { WEBHOOKS_SERVER_MESSAGES } from '../common/webhooks-contract';
import { deliverJob, pruneJob } from './delivery-jobs';
import { DeliveryRepository } from './delivery-repository';
import { registerDeliveryRoutes } from './delivery-routes';
import { EndpointRepository } from './endpoint-repository';
import { registerEndpointRoutes } from './endpoint-routes';
import { rememberQueue, webhookSubscriptions } from './webhook-outbox';
import { webhooksMigrations } from './webhooks-migrations';
import { WEBHOOKS_ACCOUNT_DATA } from './account-data';

/**
 * Signed webhooks (issue 26): a workspace's endpoints, one delivery per subscribed domain event
 * written in the publishing transaction (webhook-outbox.ts), sent and retried by jobs
 * (delivery-jobs.ts) under the link import's address guard, signed per Standard Webhooks 1.0.
 * Contract: plugins/webhooks/common/webhooks-contract.ts; docs/api.md, "Webhooks".
 */
export default defineServerPlugin({
  id: 'webhooks',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: webhooksMigrations,
  accountData: WEBHOOKS_ACCOUNT_DATA,
  subscriptions: webhookSubscriptions,
  jobs: [deliverJob, pruneJob],
  async routes(app) {
    rememberQueue(app.services, app.jobs);
    const endpoints = new EndpointRepository(app.db);
    const deliveries = new DeliveryRepository(app.db);
    registerTenantResource(app, 'webhookEndpoint', (id) => endpoints.ownerOf(id), WEBHOOKS_SERVER_MESSAGES.notFound);
    registerTenantResource(
      app,
      'webhookDelivery',
      (id) => deliveries.ownerOf(id),
      WEBHOOKS_SERVER_MESSAGES.deliveryNotFound,
    );
    registerEndpointRoutes(app);
    registerDeliveryRoutes(app);
  },
});
