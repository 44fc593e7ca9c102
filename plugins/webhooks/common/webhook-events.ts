import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the webhooks plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the endpoint's workspace as tenant. The audit log names them.
 */

/** An admin added a webhook endpoint (its secret is never in the event). */
export const WEBHOOK_ENDPOINT_CREATED = defineDomainEvent<{ endpointId: string; url: string; eventTypes: string[] }>(
  'webhooks.endpointCreated',
  1,
);

/** An admin deleted a webhook endpoint (and its delivery log with it). */
export const WEBHOOK_ENDPOINT_DELETED = defineDomainEvent<{ endpointId: string; url: string }>(
  'webhooks.endpointDeleted',
  1,
);

/** An endpoint was turned off: by an admin (`by: 'admin'`) or after its last failed delivery (`by: 'failures'`). */
export const WEBHOOK_ENDPOINT_DISABLED = defineDomainEvent<{
  endpointId: string;
  url: string;
  by: 'admin' | 'failures';
}>('webhooks.endpointDisabled', 1);
