import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What term bases hold of an account: the term bases of its workspaces and their entries. Declared
 * for exports and erasures (server/plugin-api/account-data.ts).
 */
export const TERMBASES_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    termbases: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    termbase_entries: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
