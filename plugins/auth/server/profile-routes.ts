import type { FastifyInstance } from 'fastify';
import {
  httpError,
  deleteReplacedImage,
  imageUploadBody,
  readImageUpload,
  storeImage,
} from '../../../server/plugin-api';
import { AUTH_MESSAGES, AUTH_PATHS, AVATAR_MAX_BYTES, type UpdateProfileRequest } from '../common/auth-contract';
import { emailChangeMail } from './auth-mails';
import { updateProfileBody, userResponse } from './auth-schemas';
import type { AuthServices } from './auth-services';
import { normaliseEmail } from './email-policy';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { USER_PASSWORD_CHANGED } from '../common/auth-events';
import { assertEmailAcceptable } from './registration-routes';
import { newSecretToken } from './secret-tokens';

export { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE } from '../../../server/plugin-api';
export const AVATAR_FIELD = 'avatar';

/** Profile edits and the avatar (multipart is parsed by the host's @fastify/multipart; the avatar's limits are set here). */
export function registerProfileRoutes(app: FastifyInstance, services: AuthServices): void {
  const { users, presenter } = services;

  app.put<{ Body: UpdateProfileRequest }>(
    AUTH_PATHS.updateProfile,
    {
      config: { access: 'user' },
      schema: {
        summary: 'Change your name, e-mail or password',
        body: updateProfileBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await services.currentUserRecord(request);
      const fields = request.body.user;
      const newEmail = fields.email === undefined ? null : normaliseEmail(fields.email);
      const changesEmail = newEmail !== null && newEmail !== user.email;
      const changesPassword = Boolean(fields.password);

      // Everything is checked before anything is written: a refused update changes nothing.
      if (changesEmail || changesPassword) {
        const current = fields.currentPassword ?? '';
        if (!current || !(await verifyPassword(user.passwordHash, current))) {
          throw httpError(422, 'current_password_incorrect', AUTH_MESSAGES.currentPasswordIncorrect, 'currentPassword');
        }
      }
      if (changesEmail) await assertEmailAcceptable(services, newEmail, user.id);
      if (changesPassword) {
        const problem = passwordProblem(fields.password!, fields.passwordConfirmation);
        if (problem) throw httpError(422, 'invalid', problem.message, problem.field);
      }

      if (fields.name !== undefined || fields.lastName !== undefined) {
        await users.updateNames(user.id, { name: fields.name?.trim(), lastName: fields.lastName?.trim() });
      }
      if (changesPassword) {
        const hash = await hashPassword(fields.password!);
        await app.db.transaction(async (tx) => {
          await users.setPasswordHash(user.id, hash, tx);
          await app.events.publish(tx, USER_PASSWORD_CHANGED, { userId: user.id, by: 'settings' });
        });
        // Other browsers that knew the old password are logged out; this one stays in.
        await users.deleteSessions(user.id, request.session?.id ?? null);
      }
      if (changesEmail) {
        // The address changes only when the link sent to it is opened (GET /users/confirmation).
        const { token, hash } = newSecretToken();
        await users.setUnconfirmedEmail(user.id, newEmail, hash);
        await app.mailer.enqueue(emailChangeMail(app.config.publicUrl, newEmail, token));
      }
      return { data: await presenter.user((await users.findById(user.id))!) };
    },
  );

  app.post(
    AUTH_PATHS.changeAvatar,
    {
      config: { access: 'user', multipartBody: imageUploadBody(AVATAR_FIELD) },
      schema: { summary: 'Change your avatar (multipart)', response: { 200: userResponse } },
    },
    async (request) => {
      const user = await services.currentUserRecord(request);
      const image = await readImageUpload(app, request, { field: AVATAR_FIELD, maxBytes: AVATAR_MAX_BYTES });
      const key = await storeImage(app, 'avatars', image);
      await deleteReplacedImage(app, request, await users.replaceAvatarKey(user.id, key));
      return { data: await presenter.user((await users.findById(user.id))!) };
    },
  );
}
