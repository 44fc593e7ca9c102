import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The account's name as the sweep's seed made it last: the deletion's confirmation is the name
 * typed, so the owner's call must carry it. Read through a getter when the request is filled
 * (after each route's seed), so it is always the account being swept.
 */
let accountName = '';

/** The isolation sweep's rows of data rights: a finished export and a pending deletion of the owner's account. */
export default defineIsolationFixtures({
  async seed({ db, storage, accountId }) {
    const { rows } = await db.query<{ id: string; name: string }>(
      `INSERT INTO data_rights_exports (account_id, state, progress, file_name, finished_at, expires_at)
       VALUES ($1, 'done', 1, 'sweep.zip', now(), now() + interval '7 days')
       RETURNING id::text AS id, (SELECT name FROM accounts WHERE id = $1) AS name`,
      [accountId],
    );
    // A finished export has its zip in Storage (the owner's download must work).
    const key = `account-exports/${accountId}/${rows[0].id}/sweep.zip`;
    if (storage) await storage.put(key, Buffer.from('PK sweep'), 'application/zip');
    await db.query('UPDATE data_rights_exports SET file_key = $2 WHERE id = $1', [rows[0].id, key]);
    await db.query(
      `INSERT INTO data_rights_deletions (account_id, erase_after, undo_token_hash)
       VALUES ($1, now() + interval '14 days', md5(random()::text))`,
      [accountId],
    );
    accountName = rows[0].name;
    return { accountExportId: rows[0].id };
  },
  exampleBodies: {
    'POST /api/v1/account_deletions': {
      get confirm() {
        return accountName;
      },
    },
  },
});
