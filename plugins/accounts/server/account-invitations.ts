import {
  httpError,
  type AccountRole,
  type Database,
  type EventPublisher,
  type Queryable,
} from '../../../server/plugin-api';
import { ACCOUNT_MEMBER_ADDED } from '../common/account-events';
import type { AccountInvitationsService } from '../common/account-invitations-service';
import { grantAdminsAccess } from './workspace-administration';
import type { SeatGuard } from './extension-points';

export interface AddByEmailResult {
  /** Account users created now (the address belonged to a user who was not in the account). */
  added: { accountUserId: string; email: string }[];
  /** Addresses of users already in the account: left as they are (their role is changed elsewhere). */
  alreadyMembers: string[];
  /** Unknown addresses: a pending invitation each (created, or refreshed with the new role). */
  invited: { id: string; email: string }[];
}

/**
 * Adding people by e-mail. A known address joins at once; an unknown one gets a pending
 * invitation (table `account_invitations`, created by the accounts plugin's migration) that turns
 * into membership when someone signs up with that address. Inviting again is idempotent.
 */
export class AccountInvitations implements AccountInvitationsService {
  /** `seatGuards`: what may refuse seats (the billing plugin's plans, through seatGuards), read per use; none: nothing is limited. */
  constructor(
    private readonly db: Database,
    private readonly seatGuards: () => SeatGuard[] = () => [],
    /** Where a new membership publishes accounts.memberAdded (in the transaction adding it). */
    private readonly events: EventPublisher | null = null,
  ) {}

  /**
   * The plan's seats, checked in the transaction that adds people: the account's row is locked
   * first, so two invitations sent at once are counted one after the other (checked before the
   * transaction, both saw the last free seat and both got in). Throws the plan's 402 refusal.
   */
  private async admitSeats(tx: Queryable, accountId: string, emails: string[]): Promise<void> {
    const guards = this.seatGuards();
    if (!guards.length) return;
    await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const seats = await seatsOf(tx, accountId, emails);
    if (seats.after <= seats.now) return;
    for (const guard of guards) {
      const refusal = await guard.refusal(accountId, seats.after, { tx });
      if (refusal) throw httpError(402, refusal.code, refusal.message, refusal.field);
    }
  }

  async addByEmail(
    accountId: string,
    emails: string[],
    role: AccountRole,
    invitedBy: string,
  ): Promise<AddByEmailResult> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    return this.db.transaction(async (tx) => {
      await this.admitSeats(tx, accountId, wanted);
      const { rows: users } = await tx.query<{ id: string; email: string; accountUserId: string | null }>(
        `SELECT u.id::text AS id, lower(u.email) AS email, au.id::text AS "accountUserId"
         FROM users u LEFT JOIN account_users au ON au.user_id = u.id AND au.account_id = $2
         WHERE lower(u.email) = ANY($1::text[])`,
        [wanted, accountId],
      );
      const result: AddByEmailResult = { added: [], alreadyMembers: [], invited: [] };
      for (const user of users) {
        if (user.accountUserId) {
          result.alreadyMembers.push(user.email);
          continue;
        }
        const accountUserId = await addMember(tx, accountId, user.id, role, this.events);
        if (accountUserId) result.added.push({ accountUserId, email: user.email });
      }
      const known = new Set(users.map((u) => u.email));
      for (const email of wanted.filter((e) => !known.has(e))) {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO account_invitations (account_id, email, role, invited_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (account_id, email) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by, updated_at = now()
           RETURNING id::text AS id`,
          [accountId, email, role, invitedBy],
        );
        result.invited.push({ id: rows[0].id, email });
      }
      return result;
    });
  }

  async seatsTaken(accountId: string): Promise<number> {
    return (await seatsOf(this.db, accountId, [])).now;
  }

  async cancel(accountId: string, invitationIds: string[]): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      'DELETE FROM account_invitations WHERE account_id = $1 AND id = ANY($2::bigint[]) RETURNING id::text AS id',
      [accountId, invitationIds],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Sign-up: the new user joins every account that invited their address, with the invited role.
   * Run inside the sign-up transaction. Other plugins (auth) call it through ACCOUNT_INVITATIONS,
   * provided only with this plugin, so its table is always there.
   */
  async acceptFor(tx: Queryable, user: { id: string; email: string }): Promise<string[]> {
    const { rows } = await tx.query<{ accountId: string; role: AccountRole }>(
      `DELETE FROM account_invitations WHERE email = lower($1) RETURNING account_id::text AS "accountId", role`,
      [user.email],
    );
    for (const invitation of rows) await addMember(tx, invitation.accountId, user.id, invitation.role, this.events);
    return rows.map((r) => r.accountId);
  }

  async join(tx: Queryable, accountId: string, userId: string, role: AccountRole): Promise<boolean> {
    const { rows } = await tx.query<{ email: string; member: boolean }>(
      'SELECT lower(u.email) AS email, EXISTS (SELECT 1 FROM account_users au WHERE au.account_id = $2 AND au.user_id = u.id) AS member FROM users u WHERE u.id = $1',
      [userId, accountId],
    );
    if (rows[0]?.member) return false;
    // Someone new takes a seat like an invited person: single sign-on does not get round the plan.
    if (rows[0]) await this.admitSeats(tx, accountId, [rows[0].email]);
    return (await addMember(tx, accountId, userId, role, this.events)) !== null;
  }
}

/**
 * Seats the account takes now (members and pending invitations) and would take with these
 * addresses added: an address already a member or invited takes no new seat.
 */
async function seatsOf(tx: Queryable, accountId: string, wanted: string[]): Promise<{ now: number; after: number }> {
  const { rows } = await tx.query<{ now: number; newcomers: number }>(
    `SELECT (SELECT count(*) FROM account_users WHERE account_id = $2)::int + (SELECT count(*) FROM account_invitations WHERE account_id = $2)::int AS now,
            (SELECT count(*) FROM unnest($1::text[]) AS w(email)
              WHERE NOT EXISTS (SELECT 1 FROM users u JOIN account_users au ON au.user_id = u.id AND au.account_id = $2 WHERE lower(u.email) = w.email)
                AND NOT EXISTS (SELECT 1 FROM account_invitations i WHERE i.account_id = $2 AND i.email = w.email))::int AS newcomers`,
    [wanted, accountId],
  );
  return { now: rows[0].now, after: rows[0].now + rows[0].newcomers };
}

async function addMember(
  tx: Queryable,
  accountId: string,
  userId: string,
  role: AccountRole,
  events: EventPublisher | null,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, user_id) DO NOTHING RETURNING id::text AS id`,
    [accountId, userId, role],
  );
  const accountUserId = rows[0]?.id ?? null;
  if (accountUserId && role === 'admin') await grantAdminsAccess(tx, accountId, { accountUserId });
  if (accountUserId) await events?.publish(tx, ACCOUNT_MEMBER_ADDED, { accountUserId, userId, role }, { accountId });
  return accountUserId;
}
