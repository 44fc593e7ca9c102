import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What subtitles hold of an account: the subtitles of its versions, their cues, live-editing
 * history and share links. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const SUBTITLES_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    subtitles: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    subtitle_cues: {
      ofAccount: `subtitle_id IN (SELECT id FROM subtitles WHERE workspace_id IN ${ACCOUNT_WORKSPACES})`,
    },
    subtitle_live_updates: {
      ofAccount: `subtitle_id IN (SELECT id FROM subtitles WHERE workspace_id IN ${ACCOUNT_WORKSPACES})`,
    },
    subtitle_live_docs: {
      ofAccount: `subtitle_id IN (SELECT id FROM subtitles WHERE workspace_id IN ${ACCOUNT_WORKSPACES})`,
    },
    subtitle_review_settings: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    external_tokens: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}`, secretColumns: ['token_hash'] },
  },
};
