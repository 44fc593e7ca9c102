import { resourceSchema } from '../../../server/plugin-api';
import type { SubscriptionResource } from '../common/billing-contract';
import type { SubscriptionRecord } from './subscription-repository';

/** Response schemas: only what is listed here is ever sent (no provider ids of another kind). */
const subscriptionSchema = resourceSchema('subscription', {
  accountId: { type: 'string' },
  plan: { type: 'string' },
  status: { type: 'string' },
  provider: { type: 'string' },
  currentPeriodStart: { type: 'string' },
  currentPeriodEnd: { type: 'string' },
  isCurrent: { type: 'boolean' },
});

export const subscriptionResponseSchema = {
  type: 'object',
  properties: { data: { anyOf: [subscriptionSchema, { type: 'null' }] } },
} as const;

export const overviewSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        accountId: { type: 'string' },
        plan: { type: 'string' },
        provider: { type: 'string' },
        subscription: { anyOf: [subscriptionSchema, { type: 'null' }] },
        usage: {
          type: 'object',
          properties: {
            periodStart: { type: 'string' },
            periodEnd: { type: 'string' },
            minutesProcessed: { type: 'number' },
            voiceOvers: { type: 'integer' },
            seatsUsed: { type: 'integer' },
          },
        },
        invoices: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              number: { type: 'string' },
              date: { type: 'string' },
              amount: { type: 'integer' },
              currency: { type: 'string' },
              status: { type: 'string' },
              url: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
  },
} as const;

export function subscriptionResource(row: SubscriptionRecord, isCurrent: boolean): SubscriptionResource {
  return {
    id: row.id,
    type: 'subscription',
    attributes: {
      accountId: row.accountId,
      plan: row.plan,
      status: row.status,
      provider: row.provider,
      currentPeriodStart: new Date(row.currentPeriodStart).toISOString(),
      currentPeriodEnd: new Date(row.currentPeriodEnd).toISOString(),
      isCurrent: isCurrent && row.status !== 'canceled',
    },
  };
}
