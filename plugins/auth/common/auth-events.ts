import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the auth plugin publishes (docs/plugins.md, "Domain events"). They belong to a
 * user, not a tenant (a user may be in several accounts): subscribers find the accounts from
 * `userId`. Published in the transaction of the change, or in one of their own for a refusal.
 */

/** A user logged in with their password (after the second factor when they have one). */
export const USER_SIGNED_IN = defineDomainEvent<{ userId: string; method: 'password' | 'sso' }>('auth.signedIn', 1);

/** A wrong password (or second factor) was given for an existing user; unknown e-mails publish nothing. */
export const USER_SIGN_IN_FAILED = defineDomainEvent<{ userId: string; reason: 'password' | 'second_factor' }>(
  'auth.signInFailed',
  1,
);

/** A user's password was set: changed in their settings or reset by mail link. */
export const USER_PASSWORD_CHANGED = defineDomainEvent<{ userId: string; by: 'settings' | 'reset' }>(
  'auth.passwordChanged',
  1,
);
