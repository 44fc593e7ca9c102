import type { Migration } from '../../../server/plugin-api';

/**
 * The audit log's one table. No foreign keys on purpose: an entry outlives the user, workspace
 * or account it names (a cascade would have to delete it, which the trigger refuses), and it
 * keeps the actor's e-mail of the day.
 */
export const auditMigrations: Migration[] = [
  {
    id: '202612310001_audit_entries',
    sql: `
CREATE TABLE audit_entries (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL,
  workspace_id bigint,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL,
  actor_user_id bigint,
  actor_email text,
  target_type text,
  target_id text,
  changes jsonb,
  ip text,
  user_agent text,
  request_id text,
  -- The domain event it records: one entry per (event, account), however the event is handled.
  event_id uuid NOT NULL,
  UNIQUE (event_id, account_id)
);
CREATE INDEX audit_entries_account_idx ON audit_entries (account_id, id DESC);
CREATE INDEX audit_entries_account_action_idx ON audit_entries (account_id, action, id DESC);
CREATE INDEX audit_entries_account_actor_idx ON audit_entries (account_id, actor_user_id, id DESC);

-- Append-only below the application too: any UPDATE, DELETE or TRUNCATE, by a route, a job or
-- someone at a SQL prompt with the app's role, is refused by the database.
CREATE FUNCTION audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_refuse_change();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_refuse_change();
`,
  },
  {
    // An account's erasure (plugins/data-rights) takes its entries with it: the one transaction that
    // erases the account names it in polycue.erasing_account, and only that account's rows may go.
    // Everything else is refused as before; the erasure then writes the one entry that stays.
    id: '202701010002_audit_erasure',
    sql: `
CREATE OR REPLACE FUNCTION audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.account_id::text = current_setting('polycue.erasing_account', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
`,
  },
  {
    // The nightly prune (audit-retention.ts) takes entries older than the account's plan keeps: the
    // one transaction that prunes names the account and the cut-off, and only that account's rows
    // from before it may go. The erasure's exception stays; everything else is refused as before.
    id: '202701020001_audit_retention',
    sql: `
CREATE OR REPLACE FUNCTION audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.account_id::text = current_setting('polycue.erasing_account', true) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE'
     AND OLD.account_id::text = current_setting('polycue.pruning_account', true)
     AND OLD.occurred_at < nullif(current_setting('polycue.pruning_before', true), '')::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE INDEX audit_entries_account_time_idx ON audit_entries (account_id, occurred_at);
`,
  },
];
