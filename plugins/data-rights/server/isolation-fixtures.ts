import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of data rights: a finished export of the owner's account. */
export default defineIsolationFixtures({
  async seed({ db, accountId }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO data_rights_exports (account_id, state, progress, file_key, file_name, finished_at, expires_at)
       VALUES ($1, 'done', 1, NULL, 'sweep.zip', now(), now() + interval '7 days') RETURNING id::text AS id`,
      [accountId],
    );
    return { accountExportId: rows[0].id };
  },
});
