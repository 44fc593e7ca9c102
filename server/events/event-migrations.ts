import type { Migration } from '../plugin-api/server-plugin';

/**
 * The outbox of domain events (server/events/event-outbox.ts) and the record of what each
 * subscriber has handled (server/events/event-delivery.ts). Host tables, as workspace_changes:
 * every plugin publishes into the same outbox, so no plugin owns it.
 */
export const eventMigrations: Migration[] = [
  {
    id: '202612270001_core_domain_events',
    sql: `
-- One row per published event, inserted by the transaction that made the change: a rolled-back
-- change leaves no row, so no event is ever sent for it.
CREATE TABLE domain_events (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  version integer NOT NULL,
  account_id bigint,
  workspace_id bigint,
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  -- Set once every subscriber has handled it (what an operator looks at when one keeps failing).
  delivered_at timestamptz
);
CREATE INDEX domain_events_undelivered_idx ON domain_events (occurred_at) WHERE delivered_at IS NULL;

-- (event, subscriber) handled: inserted in the subscriber's own transaction, so what it wrote
-- and this mark commit together or not at all (the per-subscriber idempotency key).
CREATE TABLE domain_event_deliveries (
  event_id uuid NOT NULL REFERENCES domain_events(id) ON DELETE CASCADE,
  subscriber text NOT NULL,
  delivered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, subscriber)
);
`,
  },
];
