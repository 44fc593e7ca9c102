import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/** What assignments hold of an account: who does which language of its workspaces. */
export const ASSIGNMENTS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    assignments: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
