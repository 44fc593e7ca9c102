import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What labels hold of an account: the labels of its workspaces (a version's labels are its
 * `label_ids`). Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const LABELS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    labels: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
