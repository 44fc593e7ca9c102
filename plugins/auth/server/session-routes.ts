import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import { AUTH_PAGES, AUTH_PATHS, type SignInRequest, type SignOutResponse } from '../common/auth-contract';
import { currentUserResponse, signInBody } from './auth-schemas';
import type { AuthServices } from './auth-services';
import { normaliseEmail } from './email-policy';
import { passwordLogInGuards, passwordSignInSteps } from './extension-points';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { USER_SIGNED_IN, USER_SIGN_IN_FAILED } from '../common/auth-events';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid Email or password.';

/** Log-in and log-out (Devise's sessions). Both replace the session, so the CSRF token changes. */
export function registerSessionRoutes(app: FastifyInstance, services: AuthServices): void {
  const { users, presenter } = services;

  app.post<{ Body: SignInRequest }>(
    AUTH_PATHS.signIn,
    {
      config: { access: 'public', authRateLimit: true },
      schema: { body: signInBody, response: { 200: currentUserResponse } },
    },
    async (request, reply) => {
      const { email, password } = request.body.user;
      for (const guard of app.extensions.contributions(passwordLogInGuards)) {
        const refusal = await guard.refusal(normaliseEmail(email), { db: app.db });
        if (refusal) throw httpError(403, refusal.code, refusal.message, 'email');
      }
      const user = await users.findByEmail(normaliseEmail(email));
      // An unknown e-mail costs one hash too, and gets the same sentence: no account probing by timing.
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (user && !valid)
        await app.db.transaction((tx) =>
          app.events.publish(tx, USER_SIGN_IN_FAILED, { userId: user.id, reason: 'password' }),
        );
      if (!user || !valid) throw httpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      // A second step (two-factor sign-in) holds the session back until it is done.
      for (const step of app.extensions.contributions(passwordSignInSteps)) {
        const held = await step.challenge(
          { id: user.id, email: user.email },
          { db: app.db, sessionId: request.session?.id ?? null },
        );
        if (held) throw httpError(401, held.code, held.message, 'otp');
      }
      await app.db.transaction((tx) => app.events.publish(tx, USER_SIGNED_IN, { userId: user.id, method: 'password' }));
      // Unconfirmed users may log in: routes with access `member` still refuse them until they confirm.
      await app.replaceSession(request, reply, user.id);
      return presenter.currentUser(user);
    },
  );

  app.delete(
    AUTH_PATHS.signOut,
    {
      config: { access: 'public' },
      schema: {
        response: { 200: { type: 'object', required: ['redirectTo'], properties: { redirectTo: { type: 'string' } } } },
      },
    },
    async (request, reply): Promise<SignOutResponse> => {
      await app.replaceSession(request, reply, null);
      return { redirectTo: AUTH_PAGES.signIn };
    },
  );
}
