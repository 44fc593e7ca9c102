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

export const seatGuards = defineServerExtensionPoint<SeatGuard>('accounts.seatGuards');
