import { AddressAllowance, contributeToServer, defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { ACCOUNT_INVITATIONS } from '../../accounts/common/account-invitations-service';
import { passwordLogInGuards } from '../../auth/server/extension-points';
import { IdentityProviders } from './identity-provider';
import { LoginStates } from './login-states';
import { registerSettingsRoutes } from './settings-routes';
import { registerSignInRoutes } from './sign-in-routes';
import { ssoMigrations } from './sso-migrations';
import { ssoPasswordGuard } from './sso-policy';
import { SsoRepository } from './sso-repository';
import { DomainVerifier } from './sso-domain-verification';
import { SsoSignIn } from './sso-sign-in';
import { SSO_ACCOUNT_DATA } from './account-data';

/**
 * Single sign-on (docs/product-contract.md#roles, #calls): an account's OpenID Connect provider for its e-mail
 * domains, and "Sign in with Google" when the environment configures it. Sessions are made by the
 * host's `replaceSession`, as the auth plugin's log-in makes them; users as sign-up makes them.
 * Password log-in of a member of an account requiring SSO is refused through the auth plugin's
 * password log-in guard point. Contract: plugins/sso/common/sso-contract.ts.
 */
export default defineServerPlugin({
  id: 'sso',
  accountData: SSO_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  // Pending invitations are accepted (and single sign-on joins) when the accounts plugin is installed.
  uses: [ACCOUNT_INVITATIONS],
  migrations: ssoMigrations,
  contributions: [contributeToServer(passwordLogInGuards, ssoPasswordGuard)],
  async routes(app) {
    const connections = new SsoRepository(app.db, app.events);
    const allow =
      app.config.linkImportAllowCidrs.length > 0 ? new AddressAllowance(app.config.linkImportAllowCidrs) : undefined;
    const providers = new IdentityProviders(allow);
    registerSettingsRoutes(app, connections, providers, new DomainVerifier(connections, app.config.dnsServers));
    registerSignInRoutes(app, { connections, states: new LoginStates(app.db), providers, signIn: new SsoSignIn(app) });
  },
});
