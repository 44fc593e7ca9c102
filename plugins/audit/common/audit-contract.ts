/**
 * The audit log's calls (plugins/audit): an account admin reads who did what in the account,
 * newest first, a page at a time, and exports it. Entries are never changed or removed.
 */

export const AUDIT_LOG_PAGE = '/account/audit_log';

export const AUDIT_PATHS = {
  /** GET ?accountId&actor&action&from&to&before&limit: newest first; `before` is the last id seen. */
  entries: '/api/v1/audit_entries',
  /** GET ?accountId&format=csv|json&actor&action&from&to: every matching entry as a download. */
  export: '/api/v1/audit_entries/export',
} as const;

/** Entries per page of the list (the page pulls the next as the table scrolls). */
export const AUDIT_PAGE_SIZE = 50;
/** An export holds at most this many entries (the newest); narrow the dates for older ones. */
export const AUDIT_EXPORT_LIMIT = 50_000;

/** What happened, as the log names it: the domain event's name (`accounts.memberRemoved`). */
export type AuditAction = string;

export interface AuditEntryAttributes {
  occurredAt: string;
  action: AuditAction;
  /** Null when no person made it (a billing provider's webhook, a scheduled job). */
  actorUserId: string | null;
  /** The actor's e-mail when it happened (kept if the user later changes it or leaves). */
  actorEmail: string | null;
  workspaceId: string | null;
  targetType: string | null;
  /** One id, or several comma-separated (versions deleted together). */
  targetId: string | null;
  /** Small before/after of what changed (a role, a setting); null when there is nothing to show. */
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditEntryResource {
  id: string;
  type: 'auditEntry';
  attributes: AuditEntryAttributes;
}

export interface AuditEntriesResponse {
  data: AuditEntryResource[];
  meta: { hasMore: boolean };
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  /** ISO date (YYYY-MM-DD), inclusive, UTC. */
  from?: string;
  to?: string;
}

/** The actions an admin can filter by, with the words the page shows. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.signedIn': 'Signed in',
  'auth.signInFailed': 'Sign-in failed',
  'auth.passwordChanged': 'Password changed',
  'two-factor.enabled': 'Two-factor sign-in on',
  'two-factor.disabled': 'Two-factor sign-in off',
  'two-factor.recoveryCodeUsed': 'Recovery code used',
  'two-factor.passkeyAdded': 'Passkey added',
  'two-factor.passkeyRemoved': 'Passkey removed',
  'two-factor.policyChanged': 'Two-factor rule changed',
  'accounts.memberAdded': 'Member added',
  'accounts.memberRemoved': 'Member removed',
  'accounts.memberRoleChanged': 'Role changed',
  'accounts.workspaceAccessGranted': 'Workspace access granted',
  'accounts.workspaceAccessRemoved': 'Workspace access removed',
  'accounts.workspacesDeleted': 'Workspaces deleted',
  'sso.settingsChanged': 'SSO settings changed',
  'projects.versionsDeleted': 'Projects deleted',
  'projects.versionsRestored': 'Projects restored',
  'projects.retentionChanged': 'Media retention changed',
  'subtitles.reviewChanged': 'Cue review changed',
  'comments.added': 'Comment added',
  'comments.resolved': 'Comment thread resolved',
  'comments.reopened': 'Comment thread reopened',
  'labels.deleted': 'Label deleted',
  'guidelines.deleted': 'Guideline deleted',
  'vocabularies.deleted': 'Vocabulary list deleted',
  'termbases.deleted': 'Term base deleted',
  'themes.deleted': 'Theme deleted',
  'billing.subscriptionChanged': 'Plan changed',
  'webhooks.endpointCreated': 'Webhook added',
  'webhooks.endpointDeleted': 'Webhook deleted',
  'webhooks.endpointDisabled': 'Webhook turned off',
  'api-tokens.created': 'API token created',
  'api-tokens.revoked': 'API token revoked',
  'assignments.assigned': 'Work assigned',
  'assignments.unassigned': 'Assignment removed',
  'data-rights.accountDeletionRequested': 'Account deletion asked for',
  'data-rights.accountDeletionCancelled': 'Account deletion undone',
  'data-rights.accountErased': 'Account erased',
};

export const AUDIT_MESSAGES = {
  badDate: 'Dates are YYYY-MM-DD.',
  badRange: 'The start date is after the end date.',
} as const;
