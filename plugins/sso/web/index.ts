import { contribute, definePlugin, PLUGIN_API_VERSION, type WhenContext } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';
import { signInOptions } from '../../auth/web/extension-points';

/** Spelled here (the contract's SSO_SETTINGS_PAGE) so the contract stays out of the initial JavaScript. */
const SETTINGS_PAGE = '/account/sso';
const isAdmin = (ctx: WhenContext) => ctx.isMember && ctx.isAccountAdmin;

/**
 * Single sign-on: "Sign in with SSO" (and Google) on the log-in page, the account's SSO settings
 * page (the admin portal) and its way in from the account settings, palette commands.
 */
export default definePlugin({
  id: 'sso',
  title: 'Single sign-on',
  apiVersion: PLUGIN_API_VERSION,
  order: 52,
  routes: [{ path: SETTINGS_PAGE, load: () => import('./sso-settings-page'), title: 'Single sign-on' }],
  commands: [
    {
      id: 'sso.openAdminPortal',
      title: 'Open SSO admin portal',
      group: 'Account',
      keywords: ['single sign-on', 'openid', 'identity provider'],
      when: isAdmin,
      run: async (ctx) => {
        const { ssoModel } = await import('./sso-model-loader');
        const model = await ssoModel.load(ctx.container);
        if (ctx.when.accountId) model.adminPortalRequested(ctx.when.accountId);
      },
    },
    {
      id: 'sso.testConnection',
      title: 'Test SSO connection',
      group: 'Account',
      keywords: ['single sign-on', 'openid', 'identity provider'],
      when: isAdmin,
      run: async (ctx) => {
        const { ssoModel } = await import('./sso-model-loader');
        const model = await ssoModel.load(ctx.container);
        ctx.navigate(SETTINGS_PAGE);
        if (ctx.when.accountId) model.checkRequested(ctx.when.accountId);
      },
    },
    {
      id: 'sso.signIn',
      title: 'Sign in with SSO',
      group: 'Account',
      keywords: ['single sign-on', 'google'],
      when: (ctx) => !ctx.isAuthenticated,
      run: (ctx) => ctx.navigate('/users/sign_in'),
    },
  ],
  contributions: [
    contribute(signInOptions, { id: 'sso', title: 'Single sign-on', order: 10, load: () => import('./sign-in-option') }),
    contribute(accountSettingsSections, { id: 'sso', title: 'Single sign-on', order: 20, load: () => import('./account-section') }),
  ],
});
