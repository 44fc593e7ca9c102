import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What external channels hold of an account: the channels linked in its workspaces, their videos
 * and sign-in states. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const CHANNELS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    external_channels: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}`, secretColumns: ['credentials'] },
    external_videos: {
      ofAccount: `channel_id IN (SELECT id FROM external_channels WHERE workspace_id IN ${ACCOUNT_WORKSPACES})`,
    },
    external_channel_states: {
      ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}`,
      ofUser: 'user_id = $1',
      secretColumns: ['state_hash', 'session_id', 'code_verifier'],
    },
  },
};
