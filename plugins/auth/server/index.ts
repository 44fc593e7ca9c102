import { defineServerPlugin, PLUGIN_API_MAJOR, type ServerExtensionPoint } from '../../../server/plugin-api';
import { ACCOUNT_INVITATIONS } from '../../accounts/common/account-invitations-service';
import { createAuthServices } from './auth-services';
import { registerCurrentUserRoutes } from './current-user-routes';
import { passwordLogInGuards, passwordSignInSteps } from './extension-points';
import { registerPasswordRoutes } from './password-routes';
import { registerProfileRoutes } from './profile-routes';
import { registerRegistrationRoutes } from './registration-routes';
import { registerSessionRoutes } from './session-routes';

/**
 * Authentication (sign-up, confirmation, log-in/out, password reset) and the user's own settings
 * under `/api/v1/users/`. Paths, bodies and messages: plugins/auth/common/auth-contract.ts.
 */
export default defineServerPlugin({
  id: 'auth',
  apiVersion: PLUGIN_API_MAJOR,
  // Pending invitations are accepted (and single sign-on joins) when the accounts plugin is installed.
  uses: [ACCOUNT_INVITATIONS],
  extensionPoints: [
    passwordLogInGuards as ServerExtensionPoint<unknown>,
    passwordSignInSteps as ServerExtensionPoint<unknown>,
  ],
  async routes(app) {
    const services = createAuthServices(app);
    registerRegistrationRoutes(app, services);
    registerSessionRoutes(app, services);
    registerPasswordRoutes(app, services);
    registerCurrentUserRoutes(app, services);
    registerProfileRoutes(app, services);
  },
});
