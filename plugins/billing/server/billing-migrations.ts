import type { Migration } from '../../../server/plugin-api';

/**
 * The plugin's own tables. A subscription is the provider's (its id there is `external_id`); the
 * row is a copy kept in step by the provider's answers and events, with `provider_version` the
 * time of the state it holds, so an older event arriving late changes nothing. An event id is
 * recorded once, in the transaction that applies it: a second delivery is a no-op. A local
 * checkout is good once, for a day; the local provider's invoices live here (Stripe keeps its own).
 */
export const billingMigrations: Migration[] = [
  {
    id: '202612080001_billing_core',
    sql: `
CREATE TABLE billing_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  external_id text NOT NULL,
  plan text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  provider_version timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, external_id)
);
CREATE INDEX billing_subscriptions_account_idx ON billing_subscriptions (account_id, id DESC);

CREATE TABLE billing_customers (
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  PRIMARY KEY (account_id, provider)
);
CREATE INDEX billing_customers_customer_idx ON billing_customers (provider, customer_id);

CREATE TABLE billing_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE billing_local_checkouts (
  id text PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  plan text NOT NULL,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  completed_at timestamptz,
  expires_at timestamptz NOT NULL
);

CREATE TABLE billing_local_invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  plan text NOT NULL,
  amount integer NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_local_invoices_account_idx ON billing_local_invoices (account_id, id DESC);`,
  },
  {
    // Stripe's 'canceled' (and 'incomplete_expired') is final: such a subscription never becomes
    // active again, so a later "updated" event for it is history, not news. Our status 'canceled'
    // also stands for Stripe's 'incomplete' and 'paused', which do come back: hence a flag of its own.
    id: '202612300101_billing_subscription_ended',
    sql: `ALTER TABLE billing_subscriptions ADD COLUMN ended boolean NOT NULL DEFAULT false;`,
  },
];
