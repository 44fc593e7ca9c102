import { definePlugin, PLUGIN_API_VERSION, type Command, type WhenContext } from '../../../core';

/** Spelled here (the contract's OPERATORS_PAGE) so the contract stays out of the initial JavaScript. */
const PAGE = '/operators';
const operator = (ctx: WhenContext) => ctx.isMember && !!ctx.isOperator;
const command = (id: string, title: string, run: Command['run']): Command => ({
  id: `operators.${id}`,
  title,
  group: 'Operators',
  keywords: ['alert', 'banner', 'announcement'],
  when: operator,
  run,
});

/**
 * Instance operators' tools (a role above account admins: OPERATOR_EMAILS or the CLI): the
 * site-wide alert banner, published, corrected and withdrawn while the app runs.
 */
export default definePlugin({
  id: 'operators',
  title: 'Operators',
  apiVersion: PLUGIN_API_VERSION,
  order: 95,
  routes: [{ path: PAGE, load: () => import('./operators-page'), title: 'Operators' }],
  nav: [{ id: 'operators.nav', label: 'Operators', path: PAGE, order: 95, icon: '!', when: operator }],
  commands: [
    command('open', "Open the operators' page", (ctx) => ctx.navigate(PAGE)),
    command('publishAlert', 'Publish an alert banner', (ctx) => ctx.navigate(`${PAGE}#publish`)),
    command('editAlert', 'Edit the alert banner', (ctx) => ctx.navigate(`${PAGE}?edit=shown`)),
    command('withdrawAlert', 'Withdraw the alert banner', async (ctx) =>
      (await import('./operators-commands')).withdrawShownAlert(ctx),
    ),
  ],
});
