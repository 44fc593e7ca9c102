import {
  defineServerPlugin,
  PLUGIN_API_MAJOR,
  registerRequestAuthenticator,
  registerTenantResource,
} from '../../../server/plugin-api';
import { API_TOKENS_SERVER_MESSAGES } from '../common/api-tokens-contract';
import { ApiTokenRepository } from './api-token-repository';
import { registerApiTokenRoutes } from './api-token-routes';
import { apiTokensMigrations } from './api-tokens-migrations';
import { bearerAuthenticator } from './bearer-authenticator';
import { TokenRateLimit, tokenRateLimitFromEnv } from './token-rate-limit';
import { API_TOKENS_ACCOUNT_DATA } from './account-data';

/**
 * Personal API tokens (issue 26): the routes to list, create and revoke them, and the `Bearer`
 * authenticator that lets a script call every `/api/v1` tenant route as the token's person,
 * narrowed to its account, workspace and scope by the host (server/http/request-credentials.ts),
 * rate limited per token. Contract: plugins/api-tokens/common/api-tokens-contract.ts.
 */
export default defineServerPlugin({
  id: 'api-tokens',
  accountData: API_TOKENS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: apiTokensMigrations,
  async routes(app) {
    const tokens = new ApiTokenRepository(app.db);
    registerTenantResource(app, 'apiToken', (id) => tokens.ownerOf(id), API_TOKENS_SERVER_MESSAGES.notFound);
    registerRequestAuthenticator(app, bearerAuthenticator(tokens, new TokenRateLimit(tokenRateLimitFromEnv())));
    registerApiTokenRoutes(app, tokens);
  },
});
