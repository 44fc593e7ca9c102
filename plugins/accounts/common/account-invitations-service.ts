import { serviceRef } from '../../../core/common/service-token';

/**
 * The accounts plugin's invitations as other server plugins see them: sign-up (the auth plugin)
 * lets the accounts that invited an address take the new user in. The accounts server plugin
 * provides it under ACCOUNT_INVITATIONS in `app.services`; without the accounts plugin there is no
 * service and no invitation to accept. Types only besides the token: `common/` is shared with the
 * browser and must not pull in server code.
 */

/** A statement runner: the transaction the caller is in (structurally the host's Queryable). */
export interface InvitationsSqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface AccountInvitationsService {
  /**
   * The user confirmed their address (the sign-up's link, or an e-mail change's): they join every
   * account that invited it, with the invited role. Never at sign-up itself, since anyone may type
   * an invited address. Run inside the confirmation's transaction. Returns the ids of the accounts joined.
   */
  acceptFor(tx: InvitationsSqlRunner, user: { id: string; email: string }): Promise<string[]>;
  /**
   * Single sign-on's first sign-in: the user joins the account with the role (an admin gets every
   * workspace, as when an admin adds them). Nothing changes for a user already in the account.
   * Run inside the caller's transaction. Returns whether the user joined now. Someone new takes a
   * seat: when a seat guard (the billing plugin's plan, accounts' seatGuards) refuses it throws an HttpError 402 whose `code` is
   * PLAN_LIMIT_CODE, and the caller's transaction must roll back.
   */
  join(tx: InvitationsSqlRunner, accountId: string, userId: string, role: 'admin' | 'member'): Promise<boolean>;
  /** Seats the account takes as the plan counts them: members and pending invitations. */
  seatsTaken(accountId: string): Promise<number>;
}

export const ACCOUNT_INVITATIONS = serviceRef<AccountInvitationsService>('accounts.invitations');
