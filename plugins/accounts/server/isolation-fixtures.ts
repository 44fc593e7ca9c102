import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the accounts plugin: a pending invitation to the owner's account. */
export default defineIsolationFixtures({
  async seed({ db, accountId, accountTag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO account_invitations (account_id, email, role) VALUES ($1, $2, 'member') RETURNING id::text AS id`,
      [accountId, `${accountTag}.invited@example.com`],
    );
    return { invitationId: rows[0].id };
  },
  multipartRoutes: { 'POST /api/v1/accounts/:accountId/change_avatar': { field: 'avatar', kind: 'image' } },
});
