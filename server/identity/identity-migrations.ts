import type { Migration } from '../plugin-api/server-plugin';

/**
 * Identity and tenancy live in the server core, not in a plugin: every feature's authorization
 * needs users, sessions and memberships of accounts and workspaces. The auth plugin adds the
 * sign-up/log-in flows over these tables; the accounts plugin adds their management screens.
 */
export const identityMigrations: Migration[] = [
  {
    id: '202611210001_core_identity',
    sql: `
CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'staff')),
  onboarding_state text NOT NULL DEFAULT 'survey' CHECK (onboarding_state IN ('survey', 'processed')),
  survey_answers jsonb,
  confirmed_at timestamptz,
  confirmation_token_hash text,
  confirmation_sent_at timestamptz,
  unconfirmed_email text,
  reset_password_token_hash text,
  reset_password_sent_at timestamptz,
  should_see_newsletter_popup boolean NOT NULL DEFAULT true,
  newsletter_subscribed boolean NOT NULL DEFAULT false,
  number_of_projects_successfully_created integer NOT NULL DEFAULT 0,
  last_used_account_id bigint,
  last_used_workspace_id bigint,
  avatar_key text,
  last_viewed_alert_id bigint,
  anonymous_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_confirmation_token_key ON users (confirmation_token_hash) WHERE confirmation_token_hash IS NOT NULL;
CREATE UNIQUE INDEX users_reset_token_key ON users (reset_password_token_hash) WHERE reset_password_token_hash IS NOT NULL;

-- The cookie holds a random token; only its SHA-256 is stored, so a database leak yields no live session.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id bigint REFERENCES users(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  avatar_key text,
  subscription_is_current boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
  last_used_workspace_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, user_id)
);
CREATE INDEX account_users_user_id_idx ON account_users (user_id);

CREATE TABLE workspaces (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  number_of_projects integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workspaces_account_id_idx ON workspaces (account_id, created_at DESC);

CREATE TABLE workspace_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  account_user_id bigint NOT NULL REFERENCES account_users(id) ON DELETE CASCADE,
  access_type text NOT NULL DEFAULT 'member' CHECK (access_type IN ('account_admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, account_user_id)
);
CREATE INDEX workspace_users_account_user_id_idx ON workspace_users (account_user_id);

-- Site-wide banner (spec: message, link label, link URL). The newest active one a user has not dismissed is shown.
CREATE TABLE alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message text NOT NULL,
  link_label text,
  link_url text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // The workspace revision (server/identity/workspace-revision.ts): plugins' statement-level
    // triggers call note_workspace_change() and each call inserts one row per changed workspace.
    id: '202612040001_workspace_changes',
    sql: `
CREATE TABLE workspace_changes (
  workspace_id bigint NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  weight bigint NOT NULL DEFAULT 1
);
CREATE INDEX workspace_changes_workspace_idx ON workspace_changes (workspace_id) INCLUDE (weight);

-- For AFTER ... FOR EACH STATEMENT triggers whose transition table is named changed_rows and has a
-- workspace_id column. A workspace deleted in the same statement (cascades) is skipped.
CREATE FUNCTION note_workspace_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO workspace_changes (workspace_id)
    SELECT DISTINCT c.workspace_id FROM changed_rows c WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = c.workspace_id);
  RETURN NULL;
END $fn$;
`,
  },
];
