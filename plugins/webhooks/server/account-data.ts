import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What webhooks hold of an account: its workspaces' endpoints (the signing secrets left out of an
 * export) and their delivery log. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const WEBHOOKS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    webhook_endpoints: {
      ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}`,
      secretColumns: ['secret', 'previous_secret'],
    },
    webhook_deliveries: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
};
