import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/** What the notification list holds of an account: its workspaces' entries, and a person's own. */
export const NOTIFICATIONS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    notifications: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}`, ofUser: 'user_id = $1' },
  },
};
