import { contributeToServer, defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { passwordSignInSteps } from '../../auth/server/extension-points';
import { registerOwnRoutes } from './own-routes';
import { PasskeyRepository } from './passkey-repository';
import { registerPasskeyRoutes } from './passkey-routes';
import { registerPasskeySignInRoutes } from './passkey-sign-in-routes';
import { registerPolicyRoutes } from './policy-routes';
import { registerSignInRoutes } from './sign-in-routes';
import { twoFactorSignInStep } from './sign-in-step';
import { twoFactorMigrations } from './two-factor-migrations';
import { TwoFactorRepository } from './two-factor-repository';
import { TWO_FACTOR_ACCOUNT_DATA } from './account-data';

/**
 * Two-factor sign-in with TOTP (RFC 6238, otplib; QR code by qrcode) and passkeys or security keys
 * (WebAuthn, @simplewebauthn/server): set up from the user's settings, asked after the password
 * through the auth plugin's sign-in step point, recovery codes shown once and stored hashed, and
 * an account's rule requiring it (either kind) of its members.
 * Contract: plugins/two-factor/common/two-factor-contract.ts.
 */
export default defineServerPlugin({
  id: 'two-factor',
  accountData: TWO_FACTOR_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: twoFactorMigrations,
  contributions: [contributeToServer(passwordSignInSteps, twoFactorSignInStep)],
  async routes(app) {
    const repo = new TwoFactorRepository(app.db);
    registerOwnRoutes(app, repo);
    registerSignInRoutes(app, repo);
    registerPolicyRoutes(app, repo);
    const passkeys = new PasskeyRepository(app.db);
    registerPasskeyRoutes(app, repo, passkeys);
    registerPasskeySignInRoutes(app, repo, passkeys);
  },
});
