import { defineDomainEvent } from '../../../core/common/domain-event';

/** An admin asked for the account's deletion: it is erased after the grace period unless undone. Tenant: the account. */
export const ACCOUNT_DELETION_REQUESTED = defineDomainEvent<{ eraseAfter: string }>(
  'data-rights.accountDeletionRequested',
  1,
);
/** The pending deletion was undone (by an admin, or the mailed link). Tenant: the account. */
export const ACCOUNT_DELETION_CANCELLED = defineDomainEvent<{ by: 'admin' | 'link' }>(
  'data-rights.accountDeletionCancelled',
  1,
);
/** Every row and file of the account is gone; this event (and the audit log's entry of it) is all that stays. Tenant: the account. */
export const ACCOUNT_ERASED = defineDomainEvent<{ accountId: string }>('data-rights.accountErased', 1);
