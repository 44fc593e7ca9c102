import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What the guidelines plugin holds of an account: the guidelines of its workspaces. Declared for
 * exports and erasures (server/plugin-api/account-data.ts).
 */
export const GUIDELINES_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    guidelines: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
