import { defineDomainEvent } from '../../../server/plugin-api';

/**
 * Events of the optional plugins the log records, named by id and version as an outside plugin
 * names them (docs/plugins.md, "Domain events"), with the payload fields the log reads. Importing
 * their `common/` instead would make removing any of them break the audit log's build
 * (scripts/check-plugin-removal.mjs found it); named here, a removed plugin's events simply never
 * come. Kernel plugins' events (auth, accounts, projects) are imported from their contracts.
 * A version raised by its publisher must be raised here too: the log then keeps the old entries'
 * shape and reads the new one (server/events/event-list-docs.test.ts lists the versions).
 */
export const SUBSCRIPTION_CHANGED = defineDomainEvent<{ plan: string; status: string; provider: string }>(
  'billing.subscriptionChanged',
  1,
);
export const GUIDELINE_DELETED = defineDomainEvent<{ id: string }>('guidelines.deleted', 1);
export const LABEL_DELETED = defineDomainEvent<{ id: string }>('labels.deleted', 1);
export const TERMBASE_DELETED = defineDomainEvent<{ id: string }>('termbases.deleted', 1);
export const THEME_DELETED = defineDomainEvent<{ id: string }>('themes.deleted', 1);
export const VOCABULARY_DELETED = defineDomainEvent<{ id: string }>('vocabularies.deleted', 1);

interface SsoSettingsSnapshot {
  issuer: string;
  clientId: string;
  domains: string[];
  defaultRole: string;
  requireSso: boolean;
}
export const SSO_SETTINGS_CHANGED = defineDomainEvent<{
  before: SsoSettingsSnapshot | null;
  after: SsoSettingsSnapshot | null;
  secretReplaced: boolean;
}>('sso.settingsChanged', 1);

export const TWO_FACTOR_ENABLED = defineDomainEvent<{ userId: string }>('two-factor.enabled', 1);
export const TWO_FACTOR_DISABLED = defineDomainEvent<{ userId: string }>('two-factor.disabled', 1);
export const TWO_FACTOR_RECOVERY_CODE_USED = defineDomainEvent<{ userId: string; left: number }>(
  'two-factor.recoveryCodeUsed',
  1,
);
export const TWO_FACTOR_POLICY_CHANGED = defineDomainEvent<{ required: boolean }>('two-factor.policyChanged', 1);
export const TWO_FACTOR_PASSKEY_ADDED = defineDomainEvent<{ userId: string; passkeyId: string; name: string }>(
  'two-factor.passkeyAdded',
  1,
);
export const TWO_FACTOR_PASSKEY_REMOVED = defineDomainEvent<{ userId: string; passkeyId: string; name: string }>(
  'two-factor.passkeyRemoved',
  1,
);

export const WEBHOOK_ENDPOINT_CREATED = defineDomainEvent<{ endpointId: string; url: string; eventTypes: string[] }>(
  'webhooks.endpointCreated',
  1,
);
export const WEBHOOK_ENDPOINT_DELETED = defineDomainEvent<{ endpointId: string; url: string }>(
  'webhooks.endpointDeleted',
  1,
);
export const WEBHOOK_ENDPOINT_DISABLED = defineDomainEvent<{ endpointId: string; url: string; by: string }>(
  'webhooks.endpointDisabled',
  1,
);

interface ApiTokenEventPayload {
  tokenId: string;
  userId: string;
  name: string;
  scope: string;
  workspaceId: string | null;
}
export const API_TOKEN_CREATED = defineDomainEvent<ApiTokenEventPayload & { expiresAt: string | null }>(
  'api-tokens.created',
  1,
);
export const API_TOKEN_REVOKED = defineDomainEvent<ApiTokenEventPayload>('api-tokens.revoked', 1);

export const ACCOUNT_DELETION_REQUESTED = defineDomainEvent<{ eraseAfter: string }>(
  'data-rights.accountDeletionRequested',
  1,
);
export const ACCOUNT_DELETION_CANCELLED = defineDomainEvent<{ by: string }>('data-rights.accountDeletionCancelled', 1);
export const ACCOUNT_ERASED = defineDomainEvent<{ accountId: string }>('data-rights.accountErased', 1);

interface AssignmentEventPayload {
  subtitleId: string;
  language: string;
  role: string;
  userId: string;
}
export const ASSIGNMENT_ASSIGNED = defineDomainEvent<AssignmentEventPayload & { dueOn: string | null }>(
  'assignments.assigned',
  1,
);
export const ASSIGNMENT_UNASSIGNED = defineDomainEvent<AssignmentEventPayload>('assignments.unassigned', 1);

/** Comments on cues (issue #25): who wrote on which cue, who resolved or reopened a thread (never the text). */
interface CommentThreadPayload {
  threadId: string;
  subtitleId: string;
  cueId: string;
  userId: string;
}
export const COMMENT_ADDED = defineDomainEvent<CommentThreadPayload & { commentId: string; reply: boolean }>(
  'comments.added',
  1,
);
export const COMMENT_THREAD_RESOLVED = defineDomainEvent<CommentThreadPayload>('comments.resolved', 1);
export const COMMENT_THREAD_REOPENED = defineDomainEvent<CommentThreadPayload>('comments.reopened', 1);
