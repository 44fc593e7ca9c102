import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, idParams } from '../../../server/plugin-api';
import {
  PASSKEY_MESSAGES as MESSAGES,
  PASSKEY_PATHS,
  type Passkey,
  type PasskeyRegistered,
} from '../common/passkeys-contract';
import { TWO_FACTOR_PASSKEY_ADDED, TWO_FACTOR_PASSKEY_REMOVED } from '../common/two-factor-events';
import { ISSUER, recoveryCodesSchema } from './own-routes';
import type { PasskeyRepository } from './passkey-repository';
import { optionsSchema, passkeyName, passkeySchema, registrationAnswer } from './passkey-schemas';
import type { TwoFactorRepository } from './two-factor-repository';
import { challengeOf, registrationOptions, relyingPartyOf, verifiedRegistration } from './webauthn';

/** The user's own routes, as the authenticator app's: a logged-in user with their browser session. */
const own = { access: 'user', tenant: 'none' } as const;
/** Answers are checked like codes: throttled like guessing passwords. */
const ownThrottled = { ...own, authRateLimit: true } as const;

const passkeyData = { type: 'object', properties: { data: passkeySchema } } as const;

/** The user's passkeys: list, register one (options, then the authenticator's answer), rename, remove. */
export function registerPasskeyRoutes(app: FastifyInstance, repo: TwoFactorRepository, passkeys: PasskeyRepository) {
  const rp = relyingPartyOf(app.config.publicUrl, ISSUER);
  const caller = (request: FastifyRequest) => ({ user: request.currentUser!, sessionId: request.session!.id });

  app.get(
    PASSKEY_PATHS.passkeys,
    {
      config: own,
      schema: {
        summary: 'Your passkeys',
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: passkeySchema } } } },
      },
    },
    async (request): Promise<{ data: Passkey[] }> => ({ data: await passkeys.list(caller(request).user.id) }),
  );

  app.post(
    PASSKEY_PATHS.registrationOptions,
    // Each call keeps a row: throttled like the answers, so nobody fills the table.
    {
      config: ownThrottled,
      schema: {
        summary: 'Start adding a passkey: the options for the browser',
        response: { 200: { type: 'object', properties: { data: optionsSchema } } },
      },
    },
    async (request) => {
      const { user, sessionId } = caller(request);
      const options = await registrationOptions(rp, user, await passkeys.credentials(user.id));
      await passkeys.keepChallenge(options.challenge, sessionId, user.id, 'register');
      return { data: options };
    },
  );

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>(
    PASSKEY_PATHS.passkeys,
    {
      config: ownThrottled,
      schema: {
        summary: "Add a passkey from the browser's answer",
        body: {
          type: 'object',
          required: ['name', 'response'],
          additionalProperties: false,
          properties: { name: passkeyName, response: registrationAnswer },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'object', properties: { passkey: passkeySchema, recoveryCodes: recoveryCodesSchema } },
            },
          },
        },
      },
    },
    async (request): Promise<{ data: PasskeyRegistered }> => {
      const { user, sessionId } = caller(request);
      const name = request.body.name.trim();
      if (!name) throw httpError(422, 'name_blank', MESSAGES.nameBlank, 'name');
      const challenge = challengeOf(request.body.response);
      if (!challenge || (await passkeys.spendChallenge(challenge, sessionId, 'register')) !== user.id)
        throw httpError(422, 'challenge_invalid', MESSAGES.challengeInvalid, 'response');
      const key = await verifiedRegistration(rp, request.body.response, challenge);
      if (!key) throw httpError(422, 'passkey_not_verified', MESSAGES.notVerified, 'response');
      return {
        data: await app.db.transaction(async (tx) => {
          // The first second factor turns two-factor sign-in on: recovery codes, shown once, as the app's set-up does.
          const first = !(await repo.hasSecondFactor(user.id, tx));
          const passkey = await passkeys.add(tx, user.id, { ...key, name });
          if (!passkey) throw httpError(422, 'passkey_taken', MESSAGES.alreadyRegistered, 'response');
          const recoveryCodes = first ? await repo.issueRecoveryCodes(tx, user.id) : undefined;
          await app.events.publish(tx, TWO_FACTOR_PASSKEY_ADDED, { userId: user.id, passkeyId: passkey.id, name });
          return { passkey, ...(recoveryCodes ? { recoveryCodes } : {}) };
        }),
      };
    },
  );

  app.patch<{ Params: { id: string }; Body: { name: string } }>(
    '/api/v1/users/two_factor/passkeys/:id',
    {
      config: own,
      schema: {
        summary: 'Rename one of your passkeys',
        params: idParams,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: passkeyName } },
        response: { 200: passkeyData },
      },
    },
    async (request) => {
      const name = request.body.name.trim();
      if (!name) throw httpError(422, 'name_blank', MESSAGES.nameBlank, 'name');
      const passkey = await passkeys.rename(caller(request).user.id, request.params.id, name);
      if (!passkey) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: passkey };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/users/two_factor/passkeys/:id',
    {
      config: own,
      schema: {
        summary: 'Remove one of your passkeys',
        params: idParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } },
        },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const removed = await passkeys.remove(tx, user.id, id);
        if (!removed) throw httpError(404, 'not_found', MESSAGES.notFound);
        if (!(await repo.hasSecondFactor(user.id, tx))) {
          // The last second factor: not while an account requires one; otherwise two-factor sign-in is off.
          if (await repo.requiredFor(user.id, tx)) throw httpError(422, 'required', MESSAGES.requiredByAccount);
          await repo.dropRecoveryCodes(tx, user.id);
        }
        await app.events.publish(tx, TWO_FACTOR_PASSKEY_REMOVED, {
          userId: user.id,
          passkeyId: id,
          name: removed.name,
        });
      });
      return { data: { id } };
    },
  );
}
