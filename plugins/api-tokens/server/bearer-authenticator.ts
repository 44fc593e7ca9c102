import { httpError, type RequestAuthenticator } from '../../../server/plugin-api';
import { API_TOKEN_PREFIX, API_TOKENS_SERVER_MESSAGES } from '../common/api-tokens-contract';
import type { ApiTokenRepository } from './api-token-repository';
import type { TokenRateLimit } from './token-rate-limit';

/** last_used_at is written at most this often per token, so reads do not each cost a write. */
const TOUCH_AFTER_MS = 60_000;
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/**
 * `Authorization: Bearer pcu_…` on /api/v1 routes: the token's person, limited to its account,
 * workspace and scope (the host applies the limits: server/http/request-credentials.ts). Every
 * request answers `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF
 * draft-ietf-httpapi-ratelimit-headers); over the limit, 429 with `Retry-After`.
 */
export function bearerAuthenticator(tokens: ApiTokenRepository, rateLimit: TokenRateLimit): RequestAuthenticator {
  return {
    scheme: 'Bearer',
    async authenticate(token, request, reply, hint) {
      // Not one of ours (wrong shape): no database round trip for garbage.
      if (!TOKEN_SHAPE.test(token)) return null;
      const grant = await tokens.grantOf(token, hint.workspaceId);
      if (!grant) return null;
      const window = rateLimit.hit(grant.id);
      reply.header('ratelimit-limit', window.limit);
      reply.header('ratelimit-remaining', window.remaining);
      reply.header('ratelimit-reset', window.resetSeconds);
      if (!window.allowed) {
        reply.header('retry-after', window.resetSeconds);
        throw httpError(429, 'rate_limited', API_TOKENS_SERVER_MESSAGES.rateLimited);
      }
      if (!grant.lastUsedAt || Date.now() - new Date(grant.lastUsedAt).getTime() > TOUCH_AFTER_MS) {
        await tokens.touch(grant.id).catch((err) => request.log.warn({ err }, 'API token last use not recorded'));
      }
      return {
        id: `api-token:${grant.id}`,
        user: { id: grant.userId, email: grant.email, confirmed: grant.confirmed },
        limits: {
          accountId: grant.accountId,
          workspaceId: grant.workspaceId,
          readOnly: grant.scope === 'read',
          admin: grant.scope === 'admin',
        },
        ...(grant.standing !== undefined ? { standing: grant.standing } : {}),
      };
    },
  };
}
