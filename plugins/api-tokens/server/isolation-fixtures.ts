import { defineIsolationFixtures } from '../../../server/plugin-api';
import { hashApiToken, newApiToken } from './api-token-repository';

/** The isolation sweep's rows of the api-tokens plugin: one token of the owner in the owner's account. */
export default defineIsolationFixtures({
  async seed({ db, accountId, ownerUserId, accountTag }) {
    const token = newApiToken();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO api_tokens (user_id, account_id, name, scope, token_hash, prefix) VALUES ($1, $2, $3, 'admin', $4, $5)
       RETURNING id::text AS id`,
      [ownerUserId, accountId, `${accountTag} token`, hashApiToken(token), token.slice(0, 10)],
    );
    return { apiTokenId: rows[0].id };
  },
  // `DELETE /api/v1/api_tokens/:id` names the token `id`.
  bulkIds: { api_tokens: 'apiTokenId' },
  exampleBodies: {
    'POST /api/v1/api_tokens': { name: 'Sweep token', scope: 'read', expiresInDays: 30 },
  },
});
