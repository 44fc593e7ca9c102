import type { Migration } from '../../../server/plugin-api';

/**
 * Endpoints and their deliveries. The secret is kept as it is (a signer needs it, unlike an API
 * token, which is only compared). A delivery row is the outbox: written in the transaction that
 * publishes the event (webhook-outbox.ts), sent and retried by jobs (delivery-jobs.ts), and it
 * keeps the last attempt's answer for the delivery log. `body` is the exact JSON signed, so a
 * retry or a re-send sends the same bytes.
 */
export const webhooksMigrations: Migration[] = [
  {
    id: '202612310201_webhooks_core',
    sql: `
CREATE TABLE webhook_endpoints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  event_types text[] NOT NULL,
  secret text NOT NULL,
  -- After a roll, the old secret signs too (a second signature) until then: receivers move over.
  previous_secret text,
  previous_secret_until timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_workspace_idx ON webhook_endpoints (workspace_id, id);

CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id bigint NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  -- The endpoint's, repeated: every tenant table names its workspace, so the isolation sweep,
  -- an account's export and its erasure find these rows without knowing this plugin's joins.
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  occurred_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- While 'sending': a worker that died mid-attempt is taken over after this.
  claimed_until timestamptz,
  response_status integer,
  response_excerpt text,
  error text,
  duration_ms integer,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
`,
  },
  {
    // The attempts in flight per endpoint (DeliveryRepository.claim's fairness): a handful of rows.
    id: '202612310202_webhooks_sending_idx',
    sql: `CREATE INDEX webhook_deliveries_sending_idx ON webhook_deliveries (endpoint_id) WHERE status = 'sending';`,
  },
];
