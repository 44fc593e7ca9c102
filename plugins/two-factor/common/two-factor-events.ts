import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the two-factor plugin publishes (docs/plugins.md, "Domain events"). User-level
 * ones carry `userId` (subscribers find the accounts from it); the policy is the account's.
 */

/** A user turned two-factor sign-in on (in their settings, or at a log-in an account required it). */
export const TWO_FACTOR_ENABLED = defineDomainEvent<{ userId: string }>('two-factor.enabled', 1);

/** A user turned two-factor sign-in off. */
export const TWO_FACTOR_DISABLED = defineDomainEvent<{ userId: string }>('two-factor.disabled', 1);

/** A recovery code was spent at a log-in (each works once). */
export const TWO_FACTOR_RECOVERY_CODE_USED = defineDomainEvent<{ userId: string; left: number }>(
  'two-factor.recoveryCodeUsed',
  1,
);

/** An account admin changed whether the account requires two-factor sign-in of its members. */
export const TWO_FACTOR_POLICY_CHANGED = defineDomainEvent<{ required: boolean }>('two-factor.policyChanged', 1);

/** A user registered a passkey or security key (`name`: what they called it). */
export const TWO_FACTOR_PASSKEY_ADDED = defineDomainEvent<{ userId: string; passkeyId: string; name: string }>(
  'two-factor.passkeyAdded',
  1,
);

/** A user removed one of their passkeys. */
export const TWO_FACTOR_PASSKEY_REMOVED = defineDomainEvent<{ userId: string; passkeyId: string; name: string }>(
  'two-factor.passkeyRemoved',
  1,
);
