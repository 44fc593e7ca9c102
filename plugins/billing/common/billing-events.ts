import { defineDomainEvent } from '../../../core/common/domain-event';
import type { PlanId, ProviderId, SubscriptionStatus } from './billing-contract';

/**
 * Domain events the billing plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the account as tenant.
 */

/**
 * An account's subscription changed: started, switched plan, renewed, went past due or was
 * cancelled (a provider's event, a checkout, a plan change). Only when the stored state moved: a
 * replayed or older provider event publishes nothing.
 */
export const SUBSCRIPTION_CHANGED = defineDomainEvent<{
  provider: ProviderId;
  plan: PlanId;
  status: SubscriptionStatus;
  currentPeriodEnd: string;
}>('billing.subscriptionChanged', 1);
