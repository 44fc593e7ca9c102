import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What the accounts plugin holds of an account: its pending invitations (account pictures are the
 * host's `avatars`). Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const ACCOUNTS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    account_invitations: { ofAccount: 'account_id = $1' },
  },
};
