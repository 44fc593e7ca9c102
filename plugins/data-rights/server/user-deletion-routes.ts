import type { FastifyInstance } from 'fastify';
import { httpError, type Queryable } from '../../../server/plugin-api';
import { DATA_RIGHTS_MESSAGES, DATA_RIGHTS_PATHS } from '../common/data-rights-contract';
import { eraseAccount, type ErasureContext } from './account-erasure';

interface Membership {
  id: string;
  name: string;
  role: 'admin' | 'member';
  others: number;
  otherAdmins: number;
}

async function membershipsOf(db: Queryable, userId: string): Promise<Membership[]> {
  const { rows } = await db.query<Membership>(
    `SELECT a.id::text AS id, a.name, au.role,
       (SELECT count(*)::int FROM account_users o WHERE o.account_id = a.id AND o.user_id <> $1) AS others,
       (SELECT count(*)::int FROM account_users o WHERE o.account_id = a.id AND o.user_id <> $1 AND o.role = 'admin') AS "otherAdmins"
     FROM account_users au JOIN accounts a ON a.id = au.account_id WHERE au.user_id = $1 ORDER BY a.id`,
    [userId],
  );
  return rows;
}

/** Every row every plugin declares of the person (`ofUser`), the user's own row last. */
async function eraseUserRows(tx: Queryable, ctx: ErasureContext, userId: string): Promise<void> {
  const tables = ctx.accountData
    .tables()
    .filter(({ spec }) => spec.ofUser)
    .sort((a, b) => Number(a.table === 'users') - Number(b.table === 'users'));
  for (const { table, spec } of tables) await tx.query(`DELETE FROM "${table}" WHERE ${spec.ofUser}`, [userId]);
}

/**
 * A person deletes their own user. Refused while they are the only admin of an account other
 * people belong to (those people would be left with an account nobody can administer): they hand
 * it over first. Accounts they are alone in are erased with them, at once (the confirmation said
 * so); accounts they only belong to keep their work, and lose the member.
 */
export function registerUserDeletionRoutes(app: FastifyInstance): void {
  app.delete<{ Body: { confirm: string } }>(
    DATA_RIGHTS_PATHS.ownUser,
    {
      config: { access: 'user', credentials: false },
      schema: {
        summary: 'Delete yourself (and the accounts only you are in)',
        body: {
          type: 'object',
          required: ['confirm'],
          additionalProperties: false,
          properties: { confirm: { type: 'string', maxLength: 320 } },
        },
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { deleted: { type: 'boolean' } } } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = request.currentUser!;
      if (request.body.confirm.trim().toLowerCase() !== user.email.toLowerCase())
        throw httpError(422, 'invalid', DATA_RIGHTS_MESSAGES.confirmUser, 'confirm');
      const memberships = await membershipsOf(app.db, user.id);
      const handOver = memberships.filter((m) => m.role === 'admin' && m.others > 0 && m.otherAdmins === 0);
      if (handOver.length)
        throw httpError(422, 'last_admin', DATA_RIGHTS_MESSAGES.lastAdmin(handOver.map((m) => m.name)), 'confirm');
      const ctx: ErasureContext = {
        db: app.db,
        storage: app.storage,
        extensions: app.extensions,
        events: app.events,
        log: app.log,
        accountData: app.accountData,
      };
      for (const alone of memberships.filter((m) => m.others === 0)) await eraseAccount(ctx, alone.id);
      const keys = await app.accountData.keysOfUser({ db: app.db, extensions: app.extensions }, user.id);
      for (const key of keys) await app.storage.delete(key);
      await app.db.transaction((tx) => eraseUserRows(tx, ctx, user.id));
      // The copies of their mails this server kept (the outbox without SMTP: reset and invitation
      // links, names) go too; the goodbye below is the one mail left, and it says what happened.
      await app.mailer.forget(user.email);
      await app.mailer.enqueue({
        to: user.email,
        subject: 'Your Polycue user was deleted',
        text: 'Your user and everything only you had in Polycue were deleted, as you asked. Goodbye.\n',
      });
      // The session went with the user: the browser gets a fresh anonymous one.
      await app.replaceSession(request, reply, null);
      return { data: { deleted: true } };
    },
  );
}
