import type { Migration } from '../../../server/plugin-api';

/** Pending invitations: an address without a user, invited to an account with a role; consumed at sign-up. */
export const accountsMigrations: Migration[] = [
  {
    id: '202611230001_accounts_invitations',
    sql: `
CREATE TABLE account_invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
  invited_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, email)
);
CREATE INDEX account_invitations_email_idx ON account_invitations (email);
`,
  },
  {
    // A third role (docs/roles.md): a reviewer works in the workspaces given to them like a member
    // but only comments and sets cues' review states; the subtitles plugin refuses their changes
    // of text and times (PUT …/cues, imports, the live socket).
    id: '202701050002_accounts_reviewer_role',
    sql: `
ALTER TABLE account_users DROP CONSTRAINT account_users_role_check;
ALTER TABLE account_users ADD CONSTRAINT account_users_role_check CHECK (role IN ('admin', 'member', 'reviewer'));
ALTER TABLE account_invitations DROP CONSTRAINT account_invitations_role_check;
ALTER TABLE account_invitations ADD CONSTRAINT account_invitations_role_check CHECK (role IN ('admin', 'member', 'reviewer'));
`,
  },
];
