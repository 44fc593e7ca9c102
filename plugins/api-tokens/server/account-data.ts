import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What the API tokens plugin holds: a person's tokens, each narrowed to one account. Declared for
 * exports and erasures (server/plugin-api/account-data.ts).
 */
export const API_TOKENS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    api_tokens: { ofAccount: 'account_id = $1', ofUser: 'user_id = $1', secretColumns: ['token_hash'] },
  },
};
