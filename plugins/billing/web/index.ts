import { sample } from 'effector';
import { contribute, definePlugin, PLUGIN_API_VERSION, TOKENS, type WhenContext } from '../../../core';
import { setupRefusalHandlers } from '../../pipeline/web/extension-points';

/** Paths spelled here (the contract's BILLING_PAGE, LOCAL_CHECKOUT_PAGE) so the contract stays out of the initial JavaScript. */
const PAGE = '/billing';
const admin = (ctx: WhenContext) => ctx.isMember && ctx.isAccountAdmin;
/** Context key: the current account has a subscription (the contract's (docs/product-contract.md#entities-and-fields) subscription.isCurrent). */
const SUBSCRIBED = 'billing.subscribed';
const subscribed = (ctx: WhenContext) => admin(ctx) && !!ctx.keys?.[SUBSCRIBED];
const commands = () => import('./billing-commands');

/**
 * Plans and billing: the billing page (account admins), the local provider's checkout page,
 * palette commands, and the upgrade popup the set-up opens when the plan refuses it.
 */
export default definePlugin({
  id: 'billing',
  title: 'Billing',
  apiVersion: PLUGIN_API_VERSION,
  order: 90,
  routes: [
    { path: PAGE, load: () => import('./billing-page'), title: 'Billing' },
    { path: `${PAGE}/checkout`, load: () => import('./local-checkout-page'), title: 'Checkout' },
  ],
  nav: [{ id: 'billing.nav', label: 'Billing', path: PAGE, order: 90, icon: '$', when: admin }],
  commands: [
    {
      id: 'billing.open',
      title: 'Open billing',
      group: 'Billing',
      keywords: ['plan', 'subscription', 'invoices', 'usage'],
      when: admin,
      run: (ctx) => ctx.navigate(PAGE),
    },
    {
      id: 'billing.changePlan',
      title: 'Change plan…',
      group: 'Billing',
      keywords: ['upgrade', 'subscribe', 'subscription'],
      when: admin,
      choices: async () => (await commands()).planChoices(),
    },
    {
      id: 'billing.portal',
      title: 'Open the billing portal',
      group: 'Billing',
      keywords: ['payment', 'card', 'invoices'],
      when: admin,
      run: async (ctx) => (await commands()).openPortal(ctx),
    },
    // Not offered on the Free plan: there is nothing to cancel.
    {
      id: 'billing.cancel',
      title: 'Cancel the subscription',
      group: 'Billing',
      keywords: ['downgrade', 'free'],
      when: subscribed,
      run: (ctx) => ctx.navigate(`${PAGE}?cancel=1`),
    },
  ],
  // Built at start-up (not lazily): the palette must know before any billing page was opened.
  // The account list, and so the flag, reloads with the user after every plan change.
  model: {
    token: Symbol.for(SUBSCRIBED),
    create: ({ container, app }) =>
      sample({
        clock: app.$currentAccount,
        fn: (account) => ({ key: SUBSCRIBED, value: !!account?.attributes.subscription?.isCurrent }),
        target: container.get(TOKENS.ContextKeys).keySet,
      }),
  },
  contributions: [
    // A set-up the plan refuses (the server's 402 plan_limit, core/common/plan-refusal) opens the upgrade popup.
    contribute(setupRefusalHandlers, {
      id: 'billing.upgrade',
      code: 'plan_limit',
      handle: async ({ container, error }) => (await import('./upgrade-dialog')).openUpgrade(container, error),
    }),
  ],
});
