import { defineIsolationFixtures } from '../../../server/plugin-api';

/**
 * The two-factor plugin in the isolation sweep: its rows are a user's own (no tenant to leak), so
 * an outsider naming the owner's passkey finds nothing. The routes that hand out a set-up or a
 * WebAuthn challenge take no body at all: called with none.
 */
export default defineIsolationFixtures({
  async seed({ db, ownerUserId, tag }) {
    const credentialId = `sweep-credential-${ownerUserId}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO two_factor_passkeys (user_id, credential_id, public_key, name) VALUES ($1, $2, $3, $4)
       RETURNING id::text AS id`,
      [ownerUserId, credentialId, new Uint8Array([1, 2, 3]), `${tag} passkey`],
    );
    return { passkeyId: rows[0].id, passkeyCredentialId: credentialId };
  },
  // `PATCH|DELETE /api/v1/users/two_factor/passkeys/:id`; an answer's `rawId` is the credential's id.
  bulkIds: { passkeys: 'passkeyId' },
  idFields: { rawId: 'passkeyCredentialId' },
  rawBodyRoutes: [
    'POST /api/v1/users/two_factor/setup',
    'POST /users/two_factor/setup',
    'POST /api/v1/users/two_factor/passkeys/options',
    'POST /users/two_factor/methods',
  ],
});
