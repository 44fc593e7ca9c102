import {
  subscribeInTransaction,
  type InTransactionContext,
  type InTransactionSubscription,
  type PublishedEvent,
} from '../../../server/plugin-api';
import { AUDITED_EVENTS, type AuditedEvent } from './audited-events';

/**
 * Writes one entry per audited event and account, in the transaction of the change (an
 * in-transaction subscription): a change that rolls back leaves no entry, a committed one always
 * has its entry, and no worker or retry can add a second (UNIQUE (event_id, account_id)).
 */
async function record(audited: AuditedEvent, event: PublishedEvent<unknown>, { tx, origin }: InTransactionContext) {
  const draft = audited.describe(event);
  const accountIds = await accountsOf(tx, event, draft.userOf);
  if (accountIds.length === 0) return;
  const actorUserId = draft.actorUserId !== undefined ? draft.actorUserId : (origin?.userId ?? null);
  await tx.query(
    `INSERT INTO audit_entries (account_id, workspace_id, occurred_at, action, actor_user_id, actor_email,
       target_type, target_id, changes, ip, user_agent, request_id, event_id)
     SELECT a.id, $2::bigint, $3::timestamptz, $4::text, $5::bigint, (SELECT email FROM users WHERE id = $5::bigint),
       $6::text, $7::text, $8::jsonb, $9::text, $10::text, $11::text, $12::uuid
       FROM unnest($1::bigint[]) AS a(id)
     ON CONFLICT (event_id, account_id) DO NOTHING`,
    [
      accountIds,
      event.workspaceId,
      event.occurredAt,
      event.name,
      actorUserId,
      draft.targetType,
      draft.targetId,
      draft.changes ? JSON.stringify(draft.changes) : null,
      origin?.ip ?? null,
      origin?.userAgent ?? null,
      origin?.requestId ?? null,
      event.id,
    ],
  );
}

async function accountsOf(
  tx: InTransactionContext['tx'],
  event: PublishedEvent<unknown>,
  userOf: string | undefined,
): Promise<string[]> {
  if (event.accountId) return [event.accountId];
  if (event.workspaceId) {
    const { rows } = await tx.query<{ id: string }>('SELECT account_id::text AS id FROM workspaces WHERE id = $1', [
      event.workspaceId,
    ]);
    return rows.map((row) => row.id);
  }
  if (!userOf) return [];
  const { rows } = await tx.query<{ id: string }>(
    'SELECT account_id::text AS id FROM account_users WHERE user_id = $1 ORDER BY account_id',
    [userOf],
  );
  return rows.map((row) => row.id);
}

export const auditSubscriptions: InTransactionSubscription[] = AUDITED_EVENTS.map((audited) =>
  subscribeInTransaction(audited.event, `audit.${audited.event.name}`, (event, ctx) => record(audited, event, ctx)),
);
