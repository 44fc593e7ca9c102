import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What the vocabularies plugin holds of an account: the vocabulary lists of its workspaces.
 * Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const VOCABULARIES_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    vocabulary_lists: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
