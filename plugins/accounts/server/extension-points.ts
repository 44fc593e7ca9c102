import { defineServerExtensionPoint, type PlanRefusal, type Queryable } from '../../../server/plugin-api';

/**
 * What other plugins may add to the accounts plugin's server. A seat guard may refuse an account
 * of `seats` people (members and pending invitations) before anyone new is added or invited: the
 * billing plugin's plans. Asked inside the transaction that adds people, after the account's row
 * is locked, so two requests at once are counted one after the other: read through `tx` (on the
 * embedded database a second connection would wait for that transaction to end). A refusal is
 * answered 402 with its code, message and field, and nothing is written. Without a guard nothing
 * is refused.
 */
export interface SeatGuard {
  id: string;
  refusal(accountId: string, seats: number, ctx: { tx: Queryable }): Promise<PlanRefusal | null>;
}

export const seatGuards = defineServerExtensionPoint<SeatGuard>('accounts.seatGuards', {
  members: { refusal: 'function' },
});

/**
 * How long an account's history (the audit log's entries) is kept, in days: the billing plugin's
 * plans. Null sets no limit; the smallest answer wins. Without a contribution entries are kept for
 * good (an installation without plans decides nothing for its accounts). Read by the audit plugin's
 * nightly prune (plugins/audit/server/audit-retention.ts).
 */
export interface HistoryRetention {
  id: string;
  days(accountId: string, ctx: { db: Queryable }): Promise<number | null>;
}

export const historyRetention = defineServerExtensionPoint<HistoryRetention>('accounts.historyRetention', {
  members: { days: 'function' },
});
