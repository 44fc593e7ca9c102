import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import { USER_SIGN_IN_FAILED, USER_SIGNED_IN } from '../../auth/common/auth-events';
import {
  TWO_FACTOR_MESSAGES as MESSAGES,
  TWO_FACTOR_PATHS,
  type CodeRequest,
  type SignInCompleted,
  type TwoFactorSetup,
} from '../common/two-factor-contract';
import { TWO_FACTOR_ENABLED, TWO_FACTOR_RECOVERY_CODE_USED } from '../common/two-factor-events';
import { checkCode } from './code-check';
import { ISSUER, codeBody, recoveryCodesSchema } from './own-routes';
import { acceptedTimeStep, newTotpSecret, totpSetup } from './totp';
import type { TwoFactorRepository } from './two-factor-repository';

/** Anyone may call them (there is no session yet); only a browser holding a log-in gets anywhere. */
const held = { access: 'public', authRateLimit: true } as const;

/**
 * The second step of a log-in the auth plugin held back (sign-in-step.ts): a code from the app or
 * a recovery code, or, when an account requires it, setting two-factor sign-in up there and then.
 * Only then is the session made (`app.replaceSession`, as auth's log-in does).
 */
export function registerSignInRoutes(app: FastifyInstance, repo: TwoFactorRepository): void {
  app.post(
    TWO_FACTOR_PATHS.signInSetup,
    {
      config: held,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' }, qrCode: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request): Promise<{ data: TwoFactorSetup }> => {
      const sessionId = request.session?.id;
      const challenge = sessionId ? await app.db.transaction((tx) => repo.challenge(tx, sessionId)) : null;
      if (!sessionId || !challenge || challenge.kind !== 'setup')
        throw httpError(401, 'no_challenge', MESSAGES.noChallenge);
      const { rows } = await app.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        challenge.userId,
      ]);
      const secret = newTotpSecret();
      await repo.setChallengeSecret(sessionId, secret);
      return { data: await totpSetup(secret, rows[0].email, ISSUER) };
    },
  );

  app.post<{ Body: CodeRequest }>(
    TWO_FACTOR_PATHS.signIn,
    {
      config: held,
      schema: {
        body: codeBody,
        response: {
          200: {
            type: 'object',
            properties: { signedIn: { type: 'boolean' }, recoveryCodes: recoveryCodesSchema },
          },
        },
      },
    },
    async (request, reply): Promise<SignInCompleted> => {
      const sessionId = request.session?.id;
      if (!sessionId) throw httpError(401, 'no_challenge', MESSAGES.noChallenge);
      const outcome = await app.db.transaction(async (tx) => {
        const challenge = await repo.challenge(tx, sessionId);
        if (!challenge) return { kind: 'none' as const };
        const { userId } = challenge;
        let recoveryCodes: string[] | undefined;
        if (challenge.kind === 'setup') {
          if (!challenge.secret) throw httpError(422, 'no_setup', MESSAGES.noSetup);
          const step = await acceptedTimeStep(challenge.secret, request.body.code, 0);
          if (step === null) return { kind: 'wrong' as const, userId };
          recoveryCodes = await repo.enable(tx, userId, challenge.secret, step);
          await app.events.publish(tx, TWO_FACTOR_ENABLED, { userId });
        } else {
          const checked = await checkCode(repo, tx, userId, request.body.code);
          if (!checked.ok) return { kind: 'wrong' as const, userId };
          if (checked.recoveryCodesLeft !== null)
            await app.events.publish(tx, TWO_FACTOR_RECOVERY_CODE_USED, { userId, left: checked.recoveryCodesLeft });
        }
        await repo.release(tx, sessionId);
        await app.events.publish(tx, USER_SIGNED_IN, { userId, method: 'password' });
        return { kind: 'done' as const, userId, recoveryCodes };
      });
      if (outcome.kind === 'none') throw httpError(401, 'no_challenge', MESSAGES.noChallenge);
      if (outcome.kind === 'wrong') {
        // Counted outside the refused transaction; five wrong codes end the held log-in.
        await repo.countAttempt(sessionId);
        await app.db.transaction((tx) =>
          app.events.publish(tx, USER_SIGN_IN_FAILED, { userId: outcome.userId, reason: 'second_factor' }),
        );
        throw httpError(401, 'invalid_code', MESSAGES.codeInvalid, 'code');
      }
      await app.replaceSession(request, reply, outcome.userId);
      return { signedIn: true, ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}) };
    },
  );
}
