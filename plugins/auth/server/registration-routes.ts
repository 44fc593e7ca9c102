import type { FastifyInstance } from 'fastify';
import { httpError, isUniqueViolation } from '../../../server/plugin-api';
import { ACCOUNT_INVITATIONS } from '../../accounts/common/account-invitations-service';
import { AUTH_MESSAGES, AUTH_PATHS, type ResendConfirmationRequest, type SignUpRequest } from '../common/auth-contract';
import { alreadyConfirmedMail, confirmationMail, emailChangeMail } from './auth-mails';
import { confirmationQuery, emailOnlyBody, emptyResponse, signUpBody, userResponse } from './auth-schemas';
import type { AuthServices } from './auth-services';
import { isDisposableEmail, looksLikeEmail, normaliseEmail } from './email-policy';
import { hashPassword, passwordProblem } from './passwords';
import { hashSecretToken, newSecretToken } from './secret-tokens';

export const EMAIL_TAKEN_MESSAGE = 'Email has already been taken';
export const CONFIRMED_REDIRECT = '/users/sign_in?confirmed=1';
export const INVALID_CONFIRMATION_REDIRECT = '/users/sign_in?confirmation=invalid';

/** The checks a new address passes, at sign-up and at a profile e-mail change. */
export async function assertEmailAcceptable(
  services: AuthServices,
  email: string,
  exceptUserId: string | null = null,
): Promise<void> {
  if (!looksLikeEmail(email)) throw httpError(422, 'invalid', 'Email is invalid', 'email');
  if (isDisposableEmail(email))
    throw httpError(422, 'email_domain_not_permitted', AUTH_MESSAGES.emailDomainNotPermitted, 'email');
  // This tells anyone whether an address has an account: kept, see docs/decisions.md (sign-up
  // logs the new user in at once, so a taken address cannot be answered like a new one).
  if (await services.users.emailTaken(email, exceptUserId))
    throw httpError(422, 'email_taken', EMAIL_TAKEN_MESSAGE, 'email');
}

/** Sign-up and e-mail confirmation (Devise's registrations and confirmations). */
export function registerRegistrationRoutes(app: FastifyInstance, services: AuthServices): void {
  const { users, tenancy, presenter } = services;

  app.post<{ Body: SignUpRequest }>(
    AUTH_PATHS.signUp,
    {
      config: { access: 'public', authRateLimit: true },
      schema: { body: signUpBody, response: { 201: userResponse } },
    },
    async (request, reply) => {
      const { user: fields, anonymousId } = request.body;
      const email = normaliseEmail(fields.email);
      await assertEmailAcceptable(services, email);
      const problem = passwordProblem(fields.password, fields.passwordConfirmation);
      if (problem) throw httpError(422, 'invalid', problem.message, problem.field);

      const passwordHash = await hashPassword(fields.password);
      const confirmation = newSecretToken();
      let userId: string;
      try {
        // The user never exists without an account to work in.
        userId = await app.db.transaction(async (tx) => {
          const created = await users.insert(tx, {
            email,
            passwordHash,
            name: fields.name?.trim() ?? '',
            lastName: fields.lastName?.trim() ?? '',
            anonymousId: anonymousId?.trim() || null,
            confirmationTokenHash: confirmation.hash,
          });
          await tenancy.createPersonalAccount(tx, created);
          // Invitations wait for the confirmation link (below): anyone may type an invited address.
          return created.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw httpError(422, 'email_taken', EMAIL_TAKEN_MESSAGE, 'email');
        throw error;
      }
      // After the commit: the mail job must not wait on (or outlive) a rolled-back user.
      await app.mailer.enqueue(confirmationMail(app.config.publicUrl, email, confirmation.token));
      // Logged in unconfirmed, so the survey can be answered before the mail is opened.
      await app.replaceSession(request, reply, userId);
      const record = await users.findById(userId);
      return reply.code(201).send({ data: await presenter.user(record!) });
    },
  );

  // The link in the mail: a page-like GET that redirects into the app.
  app.get<{ Querystring: { confirmation_token?: string } }>(
    AUTH_PATHS.confirmation,
    { config: { access: 'public', authRateLimit: true }, schema: { querystring: confirmationQuery } },
    async (request, reply) => {
      const token = request.query.confirmation_token;
      if (!token) return reply.redirect(INVALID_CONFIRMATION_REDIRECT);
      let confirmed;
      try {
        confirmed = await app.db.transaction(async (tx) => {
          const user = await users.confirmByTokenHash(hashSecretToken(token), tx);
          // Only now, with the address proven theirs, do the accounts that invited it take the
          // user in with the invited role (a sign-up or an e-mail change alike). At sign-up an
          // impostor typing an invited address joined at once: the admin saw them as a member,
          // they saw the account. Only when the accounts plugin is installed: it provides the service.
          if (user) await app.services.find(ACCOUNT_INVITATIONS)?.acceptFor(tx, user);
          return user;
        });
      } catch (error) {
        // A pending new e-mail that someone else took in the meantime.
        if (isUniqueViolation(error)) return reply.redirect(INVALID_CONFIRMATION_REDIRECT);
        throw error;
      }
      if (!confirmed) return reply.redirect(INVALID_CONFIRMATION_REDIRECT);
      return reply.redirect(request.currentUser?.id === confirmed.id ? '/' : CONFIRMED_REDIRECT);
    },
  );

  app.post<{ Body: ResendConfirmationRequest }>(
    AUTH_PATHS.confirmation,
    {
      config: { access: 'public', authRateLimit: true },
      schema: { body: emailOnlyBody, response: { 200: emptyResponse } },
    },
    async (request) => {
      const user = await users.findByEmail(normaliseEmail(request.body.user.email));
      // Unknown address: same answer as a sent mail.
      if (!user) return {};
      const { token, hash } = newSecretToken();
      if (user.unconfirmedEmail) {
        await users.setUnconfirmedEmail(user.id, user.unconfirmedEmail, hash);
        await app.mailer.enqueue(emailChangeMail(app.config.publicUrl, user.unconfirmedEmail, token));
        return {};
      }
      if (user.confirmedAt) {
        // docs/product-contract.md#validation sends the user home with "already confirmed": said only to the account's own
        // session (the check-e-mail page), since to anyone else it would tell that the address
        // has an account. Anyone else gets the usual answer, and the address a mail saying so.
        if (request.currentUser?.id === user.id)
          throw httpError(422, 'already_confirmed', AUTH_MESSAGES.alreadyConfirmed);
        await app.mailer.enqueue(alreadyConfirmedMail(app.config.publicUrl, user.email));
        return {};
      }
      await users.setConfirmationToken(user.id, hash);
      await app.mailer.enqueue(confirmationMail(app.config.publicUrl, user.email, token));
      return {};
    },
  );
}
