import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * The audit log of an account: exported with it; on erasure everything goes but the entry that
 * says it happened. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const AUDIT_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    audit_entries: {
      ofAccount: 'account_id = $1',
      // Written after the rest is gone (audit-recorder.ts): actor and addresses are left out of it.
      erasureRecord: "action = 'data-rights.accountErased'",
    },
  },
};
