import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What billing holds of an account: its subscription, its customer id at the provider, local
 * checkouts and invoices. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const BILLING_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    billing_subscriptions: { ofAccount: 'account_id = $1' },
    billing_customers: { ofAccount: 'account_id = $1' },
    billing_local_checkouts: { ofAccount: 'account_id = $1' },
    billing_local_invoices: { ofAccount: 'account_id = $1' },
  },
  notAccountData: {
    billing_events: "the provider's event ids already handled (so a replay changes nothing): an id, a type and a time",
  },
};
