import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../plugin-api/account-data';

/**
 * What the host's own tables hold of an account (server/plugin-api/account-data.ts): the people,
 * accounts and workspaces (server/identity), the domain-event outbox (server/events), and the
 * bookkeeping that holds nobody's data.
 */
export const HOST_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    users: {
      ofAccount: 'id IN (SELECT user_id FROM account_users WHERE account_id = $1)',
      ofUser: 'id = $1',
      secretColumns: [
        'password_hash',
        'confirmation_token_hash',
        'reset_password_token_hash',
        'anonymous_id',
        'survey_answers',
      ],
      outlivesAccount:
        'people may belong to other accounts: a member leaves with the account, the person stays until they delete their own user',
    },
    sessions: { ofUser: 'user_id = $1', secretColumns: ['id_hash', 'csrf_token'] },
    accounts: { ofAccount: 'id = $1' },
    account_users: { ofAccount: 'account_id = $1' },
    workspaces: { ofAccount: 'account_id = $1' },
    workspace_users: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    workspace_changes: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    domain_events: {
      ofAccount: `account_id = $1 OR workspace_id IN ${ACCOUNT_WORKSPACES}`,
      ofUser: `payload->>'userId' = $1::text`,
      // The event that says an account was erased names it, and is all that stays of it.
      erasureRecord: `name = 'data-rights.accountErased'`,
    },
  },
  notAccountData: {
    alerts: "the instance's banners, written by its operators",
    domain_event_deliveries: '(event, subscriber) pairs: no content, removed with their event',
    schema_migrations: 'which migrations ran',
    // Declared for the whole schema: pg-boss makes a table per queue.
    'pgboss.*':
      "the job queue's bookkeeping: jobs carry ids (a mail job its text until sent), and pg-boss deletes finished jobs after its retention",
  },
  files: {
    // storeImage(app, 'avatars' | 'avatars/accounts', …): people's and accounts' pictures.
    prefixes: ['avatars'],
    async keysOfAccount({ db }, accountId) {
      const { rows } = await db.query<{ key: string }>(
        'SELECT avatar_key AS key FROM accounts WHERE id = $1 AND avatar_key IS NOT NULL',
        [accountId],
      );
      return rows.map((row) => row.key);
    },
    async keysOfUser({ db }, userId) {
      const { rows } = await db.query<{ key: string }>(
        'SELECT avatar_key AS key FROM users WHERE id = $1 AND avatar_key IS NOT NULL',
        [userId],
      );
      return rows.map((row) => row.key);
    },
  },
};
