import { defineIsolationFixtures } from '../../../server/plugin-api';

/** One domain for every sweep: each route's owner takes it over, so the owner's save of it works and anyone else's is refused. */
const SWEEP_DOMAIN = 'owner.sweep.example';

/** The isolation sweep's rows of the sso plugin: the owner's account's connection (its settings must stay the owner's). */
export default defineIsolationFixtures({
  async seed({ db, accountId, accountTag }) {
    await db.query(
      `INSERT INTO sso_connections (account_id, issuer, client_id, client_secret, require_sso, verification_token) VALUES ($1, 'https://idp.sweep.invalid', $2, $3, false, $4)`,
      [accountId, `${accountTag}-client`, `${accountTag}-secret`, `${accountTag}-token`],
    );
    // Verified by the owner (one verified claim per domain): the owner's "Verify domains" finds it done.
    await db.query('DELETE FROM sso_domains WHERE domain = $1', [SWEEP_DOMAIN]);
    await db.query('INSERT INTO sso_domains (domain, account_id, verified_at) VALUES ($1, $2, now())', [
      SWEEP_DOMAIN,
      accountId,
    ]);
    // The OAuth client id is text, not a row: the same value for everyone.
    return { clientId: 'sweep-client' };
  },
  exampleBodies: {
    'PUT /api/v1/sso/settings': {
      issuer: 'https://idp.sweep.example',
      clientSecret: 'sweep-secret',
      domains: [SWEEP_DOMAIN],
      defaultRole: 'member',
      requireSso: false,
    },
    'POST /api/v1/sso/auth': { email: 'nobody@unknown.sweep.example' },
  },
});
