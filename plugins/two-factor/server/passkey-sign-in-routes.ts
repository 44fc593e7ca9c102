import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import { USER_SIGN_IN_FAILED, USER_SIGNED_IN } from '../../auth/common/auth-events';
import { PASSKEY_MESSAGES, PASSKEY_PATHS, type SignInMethods } from '../common/passkeys-contract';
import { TWO_FACTOR_MESSAGES as MESSAGES, type SignInCompleted } from '../common/two-factor-contract';
import { ISSUER } from './own-routes';
import type { PasskeyRepository } from './passkey-repository';
import { authenticationAnswer } from './passkey-schemas';
import type { TwoFactorRepository } from './two-factor-repository';
import { authenticationOptions, challengeOf, relyingPartyOf, verifiedAssertion } from './webauthn';

/** As the code's step: anyone may call them, only a browser holding a log-in gets anywhere; throttled like log-in. */
const held = { access: 'public', authRateLimit: true } as const;

type Outcome =
  | { kind: 'none' }
  | { kind: 'wrong'; userId: string; code: string; message: string }
  | { kind: 'done'; userId: string };

/**
 * The passkey at the log-in's second step (sign-in-step.ts held it back after the password): the
 * choices the held user has, with a challenge for their passkeys, then the authenticator's answer.
 * A refused answer counts as a wrong code (five end the held log-in); only a valid one makes the session.
 */
export function registerPasskeySignInRoutes(
  app: FastifyInstance,
  repo: TwoFactorRepository,
  passkeys: PasskeyRepository,
): void {
  const rp = relyingPartyOf(app.config.publicUrl, ISSUER);

  app.post(
    PASSKEY_PATHS.signInMethods,
    {
      config: held,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  authenticatorApp: { type: 'boolean' },
                  passkey: { type: ['object', 'null'], additionalProperties: true },
                },
              },
            },
          },
        },
      },
    },
    async (request): Promise<{ data: SignInMethods }> => {
      const sessionId = request.session?.id;
      const challenge = sessionId ? await app.db.transaction((tx) => repo.challenge(tx, sessionId)) : null;
      if (!sessionId || !challenge || challenge.kind !== 'code')
        throw httpError(401, 'no_challenge', MESSAGES.noChallenge);
      const authenticatorApp = Boolean((await repo.credential(challenge.userId))?.confirmed);
      const keys = await passkeys.credentials(challenge.userId);
      if (keys.length === 0) return { data: { authenticatorApp, passkey: null } };
      const options = await authenticationOptions(rp, keys);
      await passkeys.keepChallenge(options.challenge, sessionId, challenge.userId, 'sign-in');
      return { data: { authenticatorApp, passkey: options } };
    },
  );

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    PASSKEY_PATHS.signInPasskey,
    {
      config: held,
      schema: {
        body: {
          type: 'object',
          required: ['response'],
          additionalProperties: false,
          properties: { response: authenticationAnswer },
        },
        response: { 200: { type: 'object', properties: { signedIn: { type: 'boolean' } } } },
      },
    },
    async (request, reply): Promise<SignInCompleted> => {
      const sessionId = request.session?.id;
      if (!sessionId) throw httpError(401, 'no_challenge', MESSAGES.noChallenge);
      const { response } = request.body;
      const challenge = challengeOf(response);
      // Spent before anything else, outside the transaction: a refused answer cannot be tried again.
      const handedTo = challenge ? await passkeys.spendChallenge(challenge, sessionId, 'sign-in') : null;
      const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
        const heldLogIn = await repo.challenge(tx, sessionId);
        if (!heldLogIn) return { kind: 'none' };
        const { userId } = heldLogIn;
        const wrong = (code: string, message: string): Outcome => ({ kind: 'wrong', userId, code, message });
        if (!challenge || handedTo !== userId) return wrong('challenge_invalid', PASSKEY_MESSAGES.challengeInvalid);
        // Only the held user's own keys: another user's key id is refused, whatever it signs.
        const key = (await passkeys.credentials(userId, tx)).find((k) => k.credentialId === response.id);
        if (!key) return wrong('passkey_not_yours', PASSKEY_MESSAGES.notYours);
        const signCount = await verifiedAssertion(rp, response, challenge, key);
        if (signCount === null || !(await passkeys.recordUse(tx, key.id, signCount)))
          return wrong('passkey_not_verified', PASSKEY_MESSAGES.notVerified);
        await repo.release(tx, sessionId);
        await app.events.publish(tx, USER_SIGNED_IN, { userId, method: 'password' });
        return { kind: 'done', userId };
      });
      if (outcome.kind === 'none') throw httpError(401, 'no_challenge', MESSAGES.noChallenge);
      if (outcome.kind === 'wrong') {
        await repo.countAttempt(sessionId);
        await app.db.transaction((tx) =>
          app.events.publish(tx, USER_SIGN_IN_FAILED, { userId: outcome.userId, reason: 'second_factor' }),
        );
        throw httpError(401, outcome.code, outcome.message, 'response');
      }
      await app.replaceSession(request, reply, outcome.userId);
      return { signedIn: true };
    },
  );
}
