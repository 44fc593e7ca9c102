import type { FastifyInstance } from 'fastify';
import { httpError, type CurrentUser } from '../../../server/plugin-api';
import {
  TWO_FACTOR_MESSAGES as MESSAGES,
  TWO_FACTOR_PATHS,
  type CodeRequest,
  type TwoFactorSetup,
  type TwoFactorState,
} from '../common/two-factor-contract';
import { TWO_FACTOR_DISABLED, TWO_FACTOR_ENABLED } from '../common/two-factor-events';
import { checkCode } from './code-check';
import { PasskeyRepository } from './passkey-repository';
import { acceptedTimeStep, newTotpSecret, totpSetup } from './totp';
import type { TwoFactorRepository } from './two-factor-repository';

export const ISSUER = 'Polycue';

export const codeBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: 40 } },
} as const;
const setupSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' }, qrCode: { type: 'string' } },
    },
  },
} as const;
export const recoveryCodesSchema = { type: 'array', items: { type: 'string' } } as const;

/** The user's own routes: a logged-in user (confirmed or not) sets up, turns on and off their second factor. */
const own = { access: 'user', tenant: 'none' } as const;
/** Guessing codes is throttled like guessing passwords. */
const ownThrottled = { ...own, authRateLimit: true } as const;

export function registerOwnRoutes(app: FastifyInstance, repo: TwoFactorRepository): void {
  const userOf = (request: { currentUser: CurrentUser | null }) => request.currentUser!;

  app.get(
    TWO_FACTOR_PATHS.own,
    {
      config: own,
      schema: {
        summary: 'Your two-factor sign-in: whether it is on, and whether an account requires it',
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  enabled: { type: 'boolean' },
                  authenticatorApp: { type: 'boolean' },
                  passkeys: { type: 'integer' },
                  recoveryCodesLeft: { type: 'integer' },
                  required: { type: 'boolean' },
                },
              },
            },
          },
        },
      },
    },
    async (request): Promise<{ data: TwoFactorState }> => {
      const { id } = userOf(request);
      const authenticatorApp = Boolean((await repo.credential(id))?.confirmed);
      const passkeys = await new PasskeyRepository(app.db).count(id);
      const enabled = authenticatorApp || passkeys > 0;
      return {
        data: {
          enabled,
          authenticatorApp,
          passkeys,
          recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(id) : 0,
          required: await repo.requiredFor(id),
        },
      };
    },
  );

  app.post(
    TWO_FACTOR_PATHS.setup,
    {
      config: own,
      schema: {
        summary: 'Start turning on two-factor sign-in: a new authenticator secret',
        response: { 200: setupSchema },
      },
    },
    async (request): Promise<{ data: TwoFactorSetup }> => {
      const user = userOf(request);
      if ((await repo.credential(user.id))?.confirmed) throw httpError(422, 'already_enabled', MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await repo.startSetup(user.id, secret);
      return { data: await totpSetup(secret, user.email, ISSUER) };
    },
  );

  app.post<{ Body: CodeRequest }>(
    TWO_FACTOR_PATHS.confirm,
    {
      config: ownThrottled,
      schema: {
        summary: 'Turn on two-factor sign-in with a first code from the authenticator',
        body: codeBody,
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { recoveryCodes: recoveryCodesSchema } } },
          },
        },
      },
    },
    async (request) => {
      const { id } = userOf(request);
      const credential = await repo.credential(id);
      if (!credential) throw httpError(422, 'no_setup', MESSAGES.noSetup);
      if (credential.confirmed) throw httpError(422, 'already_enabled', MESSAGES.alreadyEnabled);
      const step = await acceptedTimeStep(credential.secret, request.body.code, 0);
      if (step === null) throw httpError(422, 'invalid_code', MESSAGES.codeInvalid, 'code');
      const recoveryCodes = await app.db.transaction(async (tx) => {
        const codes = await repo.enable(tx, id, credential.secret, step);
        await app.events.publish(tx, TWO_FACTOR_ENABLED, { userId: id });
        return codes;
      });
      return { data: { recoveryCodes } };
    },
  );

  app.delete<{ Body: CodeRequest }>(
    TWO_FACTOR_PATHS.own,
    {
      config: ownThrottled,
      schema: {
        summary: 'Turn off two-factor sign-in (with a code)',
        body: codeBody,
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { enabled: { type: 'boolean' } } } },
          },
        },
      },
    },
    async (request) => {
      const { id } = userOf(request);
      if (!(await repo.credential(id))?.confirmed) throw httpError(422, 'not_enabled', MESSAGES.notEnabled);
      // A passkey left keeps two-factor sign-in on: then the app may go even when an account requires it.
      if ((await new PasskeyRepository(app.db).count(id)) === 0 && (await repo.requiredFor(id)))
        throw httpError(422, 'required', MESSAGES.requiredByAccount);
      const turnedOff = await app.db.transaction(async (tx) => {
        const outcome = await checkCode(repo, tx, id, request.body.code);
        if (!outcome.ok) return false;
        await repo.disable(tx, id);
        await app.events.publish(tx, TWO_FACTOR_DISABLED, { userId: id });
        return true;
      });
      if (!turnedOff) throw httpError(422, 'invalid_code', MESSAGES.codeInvalid, 'code');
      return { data: { enabled: false } };
    },
  );
}
