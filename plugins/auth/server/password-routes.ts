import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import {
  AUTH_MESSAGES,
  AUTH_PATHS,
  RESET_TOKEN_TTL_HOURS,
  type ResetRequest,
  type SetPasswordRequest,
} from '../common/auth-contract';
import { resetPasswordMail } from './auth-mails';
import { currentUserResponse, emailOnlyBody, emptyResponse, setPasswordBody } from './auth-schemas';
import type { AuthServices } from './auth-services';
import { normaliseEmail } from './email-policy';
import { hashPassword, passwordProblem } from './passwords';
import { USER_PASSWORD_CHANGED } from '../common/auth-events';
import { hashSecretToken, newSecretToken } from './secret-tokens';

export const RESET_TOKEN_INVALID_MESSAGE = 'Reset password token is invalid';
const RESET_TOKEN_TTL_MS = RESET_TOKEN_TTL_HOURS * 60 * 60 * 1000;

/** Forgotten password: request a mailed link, then set a new password with its token (Devise's passwords). */
export function registerPasswordRoutes(app: FastifyInstance, services: AuthServices): void {
  const { users, presenter } = services;

  app.post<{ Body: ResetRequest }>(
    AUTH_PATHS.password,
    {
      config: { access: 'public', authRateLimit: true },
      schema: { body: emailOnlyBody, response: { 200: emptyResponse } },
    },
    async (request) => {
      const user = await users.findByEmail(normaliseEmail(request.body.user.email));
      // Same answer whether or not the address has an account.
      if (user) {
        const { token, hash } = newSecretToken();
        await users.setResetToken(user.id, hash);
        await app.mailer.enqueue(resetPasswordMail(app.config.publicUrl, user.email, token));
      }
      return {};
    },
  );

  app.put<{ Body: SetPasswordRequest }>(
    AUTH_PATHS.password,
    {
      config: { access: 'public', authRateLimit: true },
      schema: { body: setPasswordBody, response: { 200: currentUserResponse } },
    },
    async (request, reply) => {
      const { reset_password_token: token, password, password_confirmation: confirmation } = request.body.user;
      const user = await users.findByResetTokenHash(hashSecretToken(token));
      if (!user) throw httpError(422, 'token_invalid', RESET_TOKEN_INVALID_MESSAGE, 'reset_password_token');
      const sentAt = user.resetPasswordSentAt?.getTime() ?? 0;
      if (Date.now() - sentAt > RESET_TOKEN_TTL_MS) {
        throw httpError(422, 'token_expired', AUTH_MESSAGES.resetTokenExpired, 'reset_password_token');
      }
      const problem = passwordProblem(password, confirmation);
      if (problem)
        throw httpError(
          422,
          'invalid',
          problem.message,
          problem.field === 'password' ? 'password' : 'password_confirmation',
        );

      const hash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        await users.setPasswordHash(user.id, hash, tx);
        await app.events.publish(tx, USER_PASSWORD_CHANGED, { userId: user.id, by: 'reset' });
      });
      // Whoever knew the old password is logged out everywhere; this browser gets a fresh session.
      await users.deleteSessions(user.id);
      await app.replaceSession(request, reply, user.id);
      return presenter.currentUser((await users.findById(user.id))!);
    },
  );
}
