import { contribute, definePlugin, PLUGIN_API_VERSION, type Command, type WhenContext } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';

/**
 * Spelled here (the contract's API_TOKENS_PAGE) so the contract stays out of the initial
 * JavaScript; so is everything else but this definition (page, model, choices: lazy chunks). Kept
 * terse on purpose: it is in the initial bundle, whose budget is nearly full.
 */
const PAGE = '/account/api_tokens';
const lazy = () => import('./api-tokens-lazy');
const inAccount = (ctx: WhenContext) => ctx.isMember && !!ctx.accountId;
const command = (id: string, title: string, rest: Partial<Command>): Command => ({
  id: `apiTokens.${id}`,
  title,
  group: 'Account',
  when: inAccount,
  ...rest,
});

/** Personal API tokens: the page under the account settings, its way in from `/account`, palette commands. */
export default definePlugin({
  id: 'api-tokens',
  title: 'API tokens',
  apiVersion: PLUGIN_API_VERSION,
  routes: [{ path: PAGE, load: async () => ({ default: (await lazy()).ApiTokensPage }), title: 'API tokens' }],
  commands: [
    command('open', 'Open API tokens', { run: (ctx) => ctx.navigate(PAGE) }),
    command('create', 'Create API token', { run: (ctx) => ctx.navigate(`${PAGE}?new=1`) }),
    command('revoke', 'Revoke API token…', {
      choices: async (ctx) => (await lazy()).revokeTokenChoices(ctx),
    }),
  ],
  contributions: [
    contribute(accountSettingsSections, {
      id: 'api-tokens',
      title: 'API tokens',
      order: 30,
      load: async () => ({ default: (await lazy()).ApiTokensAccountSection }),
    }),
  ],
});
