import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/** What comments hold of an account: its workspaces' threads on cues and their comments. */
export const COMMENTS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    comment_threads: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    comments: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
