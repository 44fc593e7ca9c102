import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What exports hold of an account: its exports and their files (`exports/<workspace>/…`). Declared
 * for exports and erasures (server/plugin-api/account-data.ts).
 */
export const EXPORTS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    exportations: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
  },
  files: {
    prefixes: ['exports'],
    async keysOfAccount({ db }, id) {
      const { rows } = await db.query<{ key: string | null }>(
        `SELECT file_key AS key FROM exportations WHERE workspace_id IN ${ACCOUNT_WORKSPACES}`,
        [id],
      );
      return rows.flatMap((row) => (row.key ? [row.key] : []));
    },
  },
};
