import type { Resource } from '../../../core/common/session-types';

/**
 * Signed webhooks (issue 26): a workspace's admins point endpoints at their own systems; every
 * domain event of a chosen type is POSTed to each, signed as Standard Webhooks 1.0 says
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with back-off for more than
 * a day, then the endpoint is turned off and the account's admins get a mail.
 */
export const WEBHOOKS_PATHS = {
  /** GET ?workspaceId -> WebhookEndpointListResponse; POST CreateWebhookEndpointRequest -> CreatedWebhookEndpointResponse (201, the secret once). */
  endpoints: '/api/v1/webhook_endpoints',
  /** PATCH UpdateWebhookEndpointRequest -> { data: endpoint }; DELETE -> { data: { id } }. */
  endpoint: (id: string) => `/api/v1/webhook_endpoints/${id}`,
  /** POST -> CreatedWebhookEndpointResponse: a new secret; the previous one keeps signing for 24 h. */
  rollSecret: (id: string) => `/api/v1/webhook_endpoints/${id}/roll_secret`,
  /** GET ?before -> WebhookDeliveryListResponse: the endpoint's delivery log, newest first. */
  deliveries: (id: string) => `/api/v1/webhook_endpoints/${id}/deliveries`,
  /** POST -> { data: delivery }: sent again now, its attempts counted from one. */
  resend: (id: string) => `/api/v1/webhook_deliveries/${id}/resend`,
} as const;

/** The page, under the workspace's settings. */
export const WEBHOOKS_PAGE = '/workspace/webhooks';

/** Standard Webhooks' secret prefix: the rest is base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * The domain events an endpoint may subscribe to: the workspace's events of docs/plugins.md's
 * list (an endpoint belongs to a workspace, so account- and user-level events, which would tell
 * one workspace's systems about people, are not offered). The type sent is the event's name.
 */
export const WEBHOOK_EVENT_TYPES = [
  { type: 'projects.versionCreated', description: 'A project version was created' },
  { type: 'projects.versionsDeleted', description: 'Project versions were deleted' },
  { type: 'projects.versionsRestored', description: 'Deleted project versions were restored' },
  { type: 'pipeline.processingFinished', description: 'Processing finished: subtitles are ready' },
  { type: 'pipeline.processingFailed', description: 'Processing failed' },
  { type: 'subtitles.saved', description: 'Subtitles were saved or imported' },
  { type: 'comments.added', description: 'A comment was written on a cue' },
  { type: 'comments.resolved', description: 'A comment thread was resolved' },
  { type: 'comments.reopened', description: 'A comment thread was reopened' },
  { type: 'exports.ready', description: 'An export is ready to download' },
  { type: 'assignments.assigned', description: 'A language was assigned to a translator or reviewer' },
  { type: 'assignments.unassigned', description: 'A translator or reviewer was unassigned' },
  { type: 'labels.deleted', description: 'A label was deleted' },
  { type: 'guidelines.deleted', description: 'A guideline was deleted' },
  { type: 'vocabularies.deleted', description: 'A vocabulary list was deleted' },
  { type: 'termbases.deleted', description: 'A term base was deleted' },
  { type: 'themes.deleted', description: 'A theme was deleted' },
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]['type'];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookEndpointAttributes {
  workspaceId: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  /** Why it is off (after repeated failures: the last one); null while on or turned off by hand. */
  disabledReason: string | null;
  createdAt: string;
}
export type WebhookEndpointResource = Resource<'webhookEndpoint', WebhookEndpointAttributes>;

export interface WebhookEndpointListResponse {
  data: WebhookEndpointResource[];
  meta: { eventTypes: { type: string; description: string }[] };
}

export interface CreateWebhookEndpointRequest {
  workspaceId: string;
  url: string;
  eventTypes: string[];
  description?: string;
}

export interface UpdateWebhookEndpointRequest {
  url?: string;
  eventTypes?: string[];
  description?: string;
  enabled?: boolean;
}

/** The only answers carrying the secret: create and roll. */
export interface CreatedWebhookEndpointResponse {
  data: WebhookEndpointResource & { attributes: WebhookEndpointAttributes & { secret: string } };
}

export interface WebhookDeliveryAttributes {
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  /** Attempts made so far (the next one is attempts + 1). */
  attempts: number;
  maxAttempts: number;
  /** HTTP status of the last answer; null when none came (refused address, timeout, connection error). */
  responseStatus: number | null;
  /** The first 1 KB of the last answer's body. */
  responseExcerpt: string | null;
  /** Why the last attempt failed, in words. */
  error: string | null;
  durationMs: number | null;
  lastAttemptAt: string | null;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  createdAt: string;
}
export type WebhookDeliveryResource = Resource<'webhookDelivery', WebhookDeliveryAttributes>;

export interface WebhookDeliveryListResponse {
  data: WebhookDeliveryResource[];
  meta: { hasMore: boolean };
}

/** Toasts (ours; the spec has no webhooks). */
export const WEBHOOKS_MESSAGES = {
  created: 'Webhook created',
  notCreated: 'Webhook could not be created',
  updated: 'Webhook saved',
  notUpdated: 'Webhook could not be saved',
  deleted: 'Webhook deleted',
  notDeleted: 'Webhook could not be deleted',
  rolled: 'Secret rolled',
  notRolled: 'Secret could not be rolled',
  resent: 'Delivery sent again',
  notResent: 'Delivery could not be sent again',
  notLoaded: 'Webhooks could not be loaded',
  copied: 'Secret copied',
} as const;

/** What the server says (ours). */
export const WEBHOOKS_SERVER_MESSAGES = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  noEventTypes: 'Choose at least one event',
  unknownEventType: 'Unknown event type',
  endpointDisabled: 'Turn the webhook on before sending a delivery again',
  tooMany: 'A workspace can have at most 20 webhooks',
} as const;

/** Endpoints per workspace: each event fans out to all of them in the publishing transaction. */
export const WEBHOOK_ENDPOINTS_PER_WORKSPACE = 20;
