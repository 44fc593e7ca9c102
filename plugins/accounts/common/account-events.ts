import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the accounts plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the account as tenant.
 */

/** Someone became a member of the account: added by e-mail, by accepting an invitation at sign-up, or through single sign-on. */
export const ACCOUNT_MEMBER_ADDED = defineDomainEvent<{
  accountUserId: string;
  userId: string;
  role: 'admin' | 'member';
}>('accounts.memberAdded', 1);

/** An admin removed a member from the account (with their workspace access). */
export const ACCOUNT_MEMBER_REMOVED = defineDomainEvent<{ accountUserId: string; userId: string }>(
  'accounts.memberRemoved',
  1,
);

/** An admin changed a member's role (only when it moved). */
export const ACCOUNT_MEMBER_ROLE_CHANGED = defineDomainEvent<{
  accountUserId: string;
  userId: string;
  from: 'admin' | 'member';
  to: 'admin' | 'member';
}>('accounts.memberRoleChanged', 1);

/** An admin granted members access to workspaces (only pairs that were new). */
export const WORKSPACE_ACCESS_GRANTED = defineDomainEvent<{ workspaceUserIds: string[] }>(
  'accounts.workspaceAccessGranted',
  1,
);

/** An admin removed one member's access to a workspace. */
export const WORKSPACE_ACCESS_REMOVED = defineDomainEvent<{
  workspaceUserId: string;
  accountUserId: string;
  workspaceId: string;
}>('accounts.workspaceAccessRemoved', 1);

/** An admin deleted workspaces (and everything in them). */
export const WORKSPACES_DELETED = defineDomainEvent<{ workspaceIds: string[] }>('accounts.workspacesDeleted', 1);
