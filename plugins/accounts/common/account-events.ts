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
