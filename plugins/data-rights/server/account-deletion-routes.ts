import type { FastifyInstance } from 'fastify';
import { httpError, idString, tenantOf } from '../../../server/plugin-api';
import {
  DATA_RIGHTS_MESSAGES,
  DATA_RIGHTS_PATHS,
  UNDO_DELETION_PAGE,
  type AccountDeletionAttributes,
} from '../common/data-rights-contract';
import { ACCOUNT_DELETION_CANCELLED, ACCOUNT_DELETION_REQUESTED } from '../common/data-rights-events';
import { AccountDeletionRepository, deletionAttributes } from './account-deletion-repository';

const deletionSchema = {
  type: ['object', 'null'],
  properties: { accountId: { type: 'string' }, requestedAt: { type: 'string' }, eraseAfter: { type: 'string' } },
} as const;
const oneDeletion = { type: 'object', properties: { data: deletionSchema } } as const;
const adminOf = <L extends `${'body' | 'query' | 'params'}.${string}`>(where: L) =>
  ({ access: 'member', tenant: { account: where, role: 'admin' } }) as const;

/** "Your account will be deleted": to every admin, with the undo link (the token is in no other place). */
async function mailAdmins(app: FastifyInstance, accountId: string, name: string, eraseAfter: string, token: string) {
  const { rows } = await app.db.query<{ email: string }>(
    `SELECT u.email FROM account_users au JOIN users u ON u.id = au.user_id WHERE au.account_id = $1 AND au.role = 'admin'`,
    [accountId],
  );
  const link = `${app.config.publicUrl}${UNDO_DELETION_PAGE}?token=${encodeURIComponent(token)}`;
  const day = eraseAfter.slice(0, 10);
  for (const { email } of rows)
    await app.mailer.enqueue({
      to: email,
      subject: `The account “${name}” will be deleted on ${day}`,
      text:
        `An admin asked for the deletion of the Polycue account “${name}”. On ${day} every project, video, ` +
        `subtitle and file of it will be erased, for good.\n\nTo keep the account, open this link before then:\n${link}\n`,
    });
}

/** An admin deletes the account (after the grace period), sees the pending deletion, undoes it; anyone with the mailed link undoes it. */
export function registerAccountDeletionRoutes(app: FastifyInstance): void {
  const deletions = new AccountDeletionRepository(app.db);

  app.post<{ Body: { accountId: string; confirm: string } }>(
    DATA_RIGHTS_PATHS.deletions,
    {
      config: adminOf('body.accountId'),
      schema: {
        summary: 'Delete an account after a grace period (account admins; its people are mailed an undo link)',
        body: {
          type: 'object',
          required: ['accountId', 'confirm'],
          additionalProperties: false,
          properties: { accountId: idString, confirm: { type: 'string', maxLength: 300 } },
        },
        response: { 200: oneDeletion, 202: oneDeletion },
      },
    },
    async (request, reply): Promise<{ data: AccountDeletionAttributes }> => {
      const { accountId } = tenantOf(request);
      const { rows } = await app.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [accountId]);
      const name = rows[0].name;
      // Typing the name is the confirmation: a stray click or a script with the wrong id deletes nothing.
      if (request.body.confirm.trim() !== name.trim())
        throw httpError(422, 'invalid', DATA_RIGHTS_MESSAGES.confirmAccount, 'confirm');
      const made = await app.db.transaction(async (tx) => {
        const requested = await new AccountDeletionRepository(tx).request(accountId, request.currentUser!.id);
        if (requested) {
          const eraseAfter = new Date(requested.row.eraseAfter).toISOString();
          await app.events.publish(tx, ACCOUNT_DELETION_REQUESTED, { eraseAfter }, { accountId });
        }
        return requested;
      });
      // Asked twice: the pending deletion stands as it was (same day, no second mail).
      if (!made) {
        const pending = await deletions.find(accountId);
        if (!pending) throw httpError(409, 'deletion_pending', DATA_RIGHTS_MESSAGES.deletionPending);
        return { data: deletionAttributes(pending) };
      }
      const data = deletionAttributes(made.row);
      await mailAdmins(app, accountId, name, data.eraseAfter, made.token);
      reply.code(202);
      return { data };
    },
  );

  app.get<{ Querystring: { accountId: string } }>(
    DATA_RIGHTS_PATHS.deletions,
    {
      config: adminOf('query.accountId'),
      schema: {
        summary: "An account's pending deletion, if any (account admins)",
        querystring: {
          type: 'object',
          required: ['accountId'],
          additionalProperties: false,
          properties: { accountId: idString },
        },
        response: { 200: oneDeletion },
      },
    },
    async (request) => {
      const row = await deletions.find(tenantOf(request).accountId);
      return { data: row ? deletionAttributes(row) : null };
    },
  );

  app.delete<{ Params: { accountId: string } }>(
    DATA_RIGHTS_PATHS.deletion(':accountId'),
    {
      config: adminOf('params.accountId'),
      schema: {
        summary: "Undo an account's pending deletion (account admins)",
        params: { type: 'object', required: ['accountId'], properties: { accountId: idString } },
        response: { 200: oneDeletion },
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      const kept = await app.db.transaction(async (tx) => {
        const cancelled = await new AccountDeletionRepository(tx).cancel(accountId);
        if (cancelled) await app.events.publish(tx, ACCOUNT_DELETION_CANCELLED, { by: 'admin' }, { accountId });
        return cancelled;
      });
      if (!kept) throw httpError(404, 'not_found', DATA_RIGHTS_MESSAGES.noDeletion);
      return { data: null };
    },
  );

  app.post<{ Body: { token: string } }>(
    DATA_RIGHTS_PATHS.undo,
    {
      // The mailed link works without logging in: the token is the proof, and it only keeps an account.
      config: { access: 'public', authRateLimit: true },
      schema: {
        summary: "Undo an account's pending deletion with the mailed link's token (no sign-in)",
        body: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
      },
    },
    async (request) => {
      const kept = await app.db.transaction(async (tx) => {
        const cancelled = await new AccountDeletionRepository(tx).cancelByToken(request.body.token);
        if (cancelled)
          await app.events.publish(tx, ACCOUNT_DELETION_CANCELLED, { by: 'link' }, { accountId: cancelled.accountId });
        return cancelled;
      });
      if (!kept) throw httpError(404, 'not_found', DATA_RIGHTS_MESSAGES.undoInvalid);
      return { data: { name: kept.name } };
    },
  );
}
