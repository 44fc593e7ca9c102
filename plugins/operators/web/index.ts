import { definePlugin, PLUGIN_API_VERSION, type WhenContext } from '../../../core';

/** Spelled here (the contract's OPERATORS_PAGE) so the contract stays out of the initial JavaScript. */
const PAGE = '/operators';
const operator = (ctx: WhenContext) => ctx.isMember && ctx.isOperator === true;
const keywords = ['alert', 'banner', 'announcement', 'operator'];

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
    { id: 'operators.open', title: "Open the operators' page", group: 'Operators', keywords, when: operator, run: (ctx) => ctx.navigate(PAGE) },
    { id: 'operators.publishAlert', title: 'Publish an alert banner', group: 'Operators', keywords, when: operator, run: (ctx) => ctx.navigate(`${PAGE}#publish`) },
    { id: 'operators.editAlert', title: 'Edit the alert banner', group: 'Operators', keywords, when: operator, run: (ctx) => ctx.navigate(`${PAGE}?edit=shown`) },
    {
      id: 'operators.withdrawAlert',
      title: 'Withdraw the alert banner',
      group: 'Operators',
      keywords,
      when: operator,
      run: async (ctx) => (await import('./operators-commands')).withdrawShownAlert(ctx),
    },
  ],
});
