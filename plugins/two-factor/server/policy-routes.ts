import type { FastifyInstance } from 'fastify';
import { httpError, idString, tenantOf, UserRepository } from '../../../server/plugin-api';
import { TWO_FACTOR_MESSAGES as MESSAGES, TWO_FACTOR_PATHS } from '../common/two-factor-contract';
import { TWO_FACTOR_POLICY_CHANGED } from '../common/two-factor-events';
import type { TwoFactorRepository } from './two-factor-repository';

const policySchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { required: { type: 'boolean' } } } },
} as const;

/**
 * "Require two-factor sign-in" of an account, as "require SSO": enforced at log-in (sign-in-step.ts
 * holds a member without it until they set it up) and, when it is turned on, by ending the
 * sessions of members without it, so nobody keeps using the account on a password alone.
 */
export function registerPolicyRoutes(app: FastifyInstance, repo: TwoFactorRepository): void {
  app.get<{ Querystring: { accountId: string } }>(
    TWO_FACTOR_PATHS.policy,
    {
      config: { access: 'member', tenant: { account: 'query.accountId', role: 'admin' } },
      schema: {
        summary: 'Whether an account requires two-factor sign-in of its people',
        querystring: { type: 'object', required: ['accountId'], properties: { accountId: idString } },
        response: { 200: policySchema },
      },
    },
    async (request) => ({ data: { required: await repo.policy(tenantOf(request).accountId) } }),
  );

  app.put<{ Body: { accountId: string; required: boolean } }>(
    TWO_FACTOR_PATHS.policy,
    {
      config: { access: 'member', tenant: { account: 'body.accountId', role: 'admin' } },
      schema: {
        summary: 'Require two-factor sign-in in an account, or stop (account admins)',
        body: {
          type: 'object',
          required: ['accountId', 'required'],
          additionalProperties: false,
          properties: { accountId: idString, required: { type: 'boolean' } },
        },
        response: { 200: policySchema },
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      const { required } = request.body;
      const admin = request.currentUser!;
      // An admin who could not sign in under the rule would lock themself out.
      if (required && !(await repo.hasSecondFactor(admin.id)))
        throw httpError(422, 'admin_needs_two_factor', MESSAGES.adminNeedsIt, 'required');
      const without = await app.db.transaction(async (tx) => {
        if (!(await repo.setPolicy(tx, accountId, required))) return [];
        await app.events.publish(tx, TWO_FACTOR_POLICY_CHANGED, { required }, { accountId });
        return required ? await repo.membersWithout(tx, accountId) : [];
      });
      const users = new UserRepository(app.db);
      for (const userId of without) await users.deleteSessions(userId);
      return { data: { required } };
    },
  );
}
