import { contribute, definePlugin, PLUGIN_API_VERSION, type Command, type WhenContext } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';
import { signInOptions } from '../../auth/web/extension-points';

/** Spelled here (the contract's SSO_SETTINGS_PAGE) so the contract stays out of the initial JavaScript. */
const SETTINGS_PAGE = '/account/sso';
const isAdmin = (ctx: WhenContext) => ctx.isMember && ctx.isAccountAdmin;

/** An account admin's command on the lazily loaded SSO model, run from the settings page (which shows its outcome; the portal leaves for it anyway). */
const adminCommand = (
  name: string,
  title: string,
  event: 'adminPortalRequested' | 'checkRequested' | 'verifyRequested',
): Command => ({
  id: `sso.${name}`,
  title,
  group: 'Account',
  keywords: ['single sign-on', 'identity provider'],
  when: isAdmin,
  run: async (ctx) => {
    const model = await (await import('./sso-model-loader')).ssoModel.load(ctx.container);
    ctx.navigate(SETTINGS_PAGE);
    // isAdmin: an admin of the current account, so there is one.
    model[event](ctx.when.accountId!);
  },
});

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
    adminCommand('openAdminPortal', 'Open SSO admin portal', 'adminPortalRequested'),
    adminCommand('testConnection', 'Test SSO connection', 'checkRequested'),
    adminCommand('verifyDomains', 'Verify SSO domains', 'verifyRequested'),
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
    contribute(signInOptions, {
      id: 'sso',
      title: 'Single sign-on',
      order: 10,
      load: () => import('./sign-in-option'),
    }),
    contribute(accountSettingsSections, {
      id: 'sso',
      title: 'Single sign-on',
      order: 20,
      load: () => import('./account-section'),
    }),
  ],
});
