import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * What data rights hold of an account: its exports (the zips under `account-exports/<account>/…`)
 * and its pending deletion. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const DATA_RIGHTS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    data_rights_exports: { ofAccount: 'account_id = $1' },
    data_rights_deletions: { ofAccount: 'account_id = $1', secretColumns: ['undo_token_hash'] },
  },
  files: {
    prefixes: ['account-exports'],
    async keysOfAccount({ db }, accountId) {
      const { rows } = await db.query<{ key: string }>(
        'SELECT file_key AS key FROM data_rights_exports WHERE account_id = $1 AND file_key IS NOT NULL',
        [accountId],
      );
      return rows.map((row) => row.key);
    },
  },
};
