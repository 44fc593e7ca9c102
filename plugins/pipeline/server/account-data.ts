import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What the pipeline holds of an account: its runs, their steps, dubbed media
 * (`dubbed/<workspace>/…`) and work files (`pipeline/<run>/…`: removed when a run finishes, kept
 * by one that failed or was stopped, so they are named here too), and a person's last set-up choices. Declared for exports and erasures (server/plugin-api/account-
 * data.ts).
 */
export const PIPELINE_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    pipeline_runs: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    pipeline_steps: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    pipeline_dubbed_media: {
      ofAccount: `project_version_id IN (SELECT id FROM project_versions WHERE workspace_id IN ${ACCOUNT_WORKSPACES})`,
    },
    pipeline_last_used_settings: { ofUser: 'user_id = $1' },
  },
  files: {
    prefixes: ['dubbed', 'pipeline'],
    async keysOfAccount({ db }, id) {
      const { rows } = await db.query<{ key: string | null }>(
        `SELECT unnest(ARRAY[audio_key, video_key]) AS key FROM pipeline_dubbed_media
         WHERE project_version_id IN (SELECT id FROM project_versions WHERE workspace_id IN ${ACCOUNT_WORKSPACES})
         UNION ALL
         SELECT 'pipeline/' || id || '/audio.wav' FROM pipeline_runs WHERE workspace_id IN ${ACCOUNT_WORKSPACES}
         UNION ALL
         SELECT clip->>'key' FROM pipeline_steps, jsonb_array_elements(COALESCE(output->'clips', '[]'::jsonb)) AS clip
         WHERE workspace_id IN ${ACCOUNT_WORKSPACES} AND step = 'synthesis'`,
        [id],
      );
      return rows.flatMap((row) => (row.key ? [row.key] : []));
    },
  },
};
