import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/http/errors';
import { AUTH_MESSAGES, AUTH_PATHS, AVATAR_MAX_BYTES, type UpdateProfileRequest } from '../common/auth-contract';
import { emailChangeMail } from './auth-mails';
import { updateProfileBody, userResponse } from './auth-schemas';
import type { AuthServices } from './auth-services';
import { normaliseEmail } from './email-policy';
import { detectImageType } from './image-type';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { assertEmailAcceptable } from './registration-routes';
import { newSecretToken } from './secret-tokens';

export const IMAGE_TOO_LARGE_MESSAGE = 'Image is larger than 2 MB';
export const INVALID_IMAGE_MESSAGE = 'Image must be a PNG, JPEG, WebP or GIF file';
export const AVATAR_FIELD = 'avatar';

/** Profile edits and the avatar (multipart is parsed by the host's @fastify/multipart; the avatar's limits are set here). */
export function registerProfileRoutes(app: FastifyInstance, services: AuthServices): void {
  const { users, presenter } = services;

  app.put<{ Body: UpdateProfileRequest }>(
    AUTH_PATHS.updateProfile,
    { config: { access: 'user' }, schema: { body: updateProfileBody, response: { 200: userResponse } } },
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
        await users.setPasswordHash(user.id, await hashPassword(fields.password!));
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
    { config: { access: 'user' }, schema: { response: { 200: userResponse } } },
    async (request) => {
      const user = await services.currentUserRecord(request);
      if (!request.isMultipart()) {
        throw httpError(400, 'invalid', `Send the image as multipart/form-data in the field "${AVATAR_FIELD}"`, AVATAR_FIELD);
      }
      const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
      if (!part || part.fieldname !== AVATAR_FIELD) throw httpError(400, 'invalid', `${AVATAR_FIELD} is required`, AVATAR_FIELD);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw httpError(422, 'image_too_large', IMAGE_TOO_LARGE_MESSAGE, AVATAR_FIELD);
        }
        throw error;
      }
      // The content decides, not the file name or the declared type.
      const type = detectImageType(data);
      if (!type) throw httpError(422, 'invalid_image', INVALID_IMAGE_MESSAGE, AVATAR_FIELD);

      const key = `avatars/${randomBytes(16).toString('base64url')}.${type.extension}`;
      await app.storage.put(key, data, type.contentType);
      const previous = await users.replaceAvatarKey(user.id, key);
      if (previous) {
        await app.storage.delete(previous).catch((err) => request.log.warn({ err, key: previous }, 'old avatar not deleted'));
      }
      return { data: await presenter.user((await users.findById(user.id))!) };
    },
  );
}
