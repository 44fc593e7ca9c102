import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's row of the audit plugin: an entry of the owner's account, its id the page cursor. */
export default defineIsolationFixtures({
  async seed({ db, accountId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO audit_entries (account_id, action, actor_email, target_type, target_id, event_id)
       VALUES ($1, 'sweep.seeded', $2, 'sweep', $2, gen_random_uuid()) RETURNING id::text AS id`,
      [accountId, `${tag}@sweep.example`],
    );
    return { auditEntryId: rows[0].id };
  },
  idFields: { before: 'auditEntryId' },
});
