import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';
import { profileSections } from '../../auth/web/extension-points';

/** Spelled here (the contract's TWO_FACTOR_PAGE, auth's secondStep) so the contract stays out of the initial JavaScript. */
const SECOND_STEP_PAGE = '/users/two_factor';

/**
 * Two-factor sign-in: the log-in's second step (a page), its section of the profile (set up, turn
 * off), the account's rule (a section of the account settings), and palette commands to reach them
 * (from a provider: the initial JavaScript's budget has no room for their words).
 */
export default definePlugin({
  id: 'two-factor',
  title: 'Two-factor sign-in',
  apiVersion: PLUGIN_API_VERSION,
  order: 53,
  routes: [
    {
      path: SECOND_STEP_PAGE,
      load: () => import('./second-step-page'),
      access: 'guest',
      layout: 'bare',
      title: 'Two-factor sign-in',
    },
  ],
  commandProviders: [
    {
      id: 'two-factor',
      group: 'Account',
      provide: async (ctx, s) => (await import('./two-factor-commands')).twoFactorCommands(ctx, s),
    },
  ],
  contributions: [
    contribute(profileSections, {
      id: 'two-factor',
      title: 'Two-factor sign-in',
      order: 10,
      load: () => import('./profile-section'),
    }),
    contribute(accountSettingsSections, {
      id: 'two-factor',
      title: 'Two-factor sign-in',
      order: 25,
      load: () => import('./account-section'),
    }),
  ],
});
