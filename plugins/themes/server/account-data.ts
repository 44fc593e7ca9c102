import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What the themes plugin holds of an account: the themes of its workspaces. Declared for exports
 * and erasures (server/plugin-api/account-data.ts).
 */
export const THEMES_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    themes: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
