import { randomBytes, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  isUniqueViolation,
  PLAN_LIMIT_CODE,
  TenancyRepository,
  UserRepository,
  type Queryable,
} from '../../../server/plugin-api';
import { ACCOUNT_INVITATIONS } from '../../accounts/common/account-invitations-service';
import type { SsoCallbackError, SsoDefaultRole } from '../common/sso-contract';
import type { VerifiedIdentity } from './identity-provider';

/**
 * Not an argon2 hash: the auth plugin's verification treats it as a wrong password, so a user made
 * by single sign-on has no password until they choose one ("Forgot your password?").
 */
const NO_PASSWORD = '!sso-no-password';

export class SignInRefused extends Error {
  constructor(readonly reason: SsoCallbackError) {
    super(reason);
  }
}

export interface SignedIn {
  userId: string;
  /** The user did not exist before this sign-in. */
  created: boolean;
}

/** Where the sign-in joins the user: an account's connection, with its role. Google joins none. */
export interface JoinTarget {
  accountId: string;
  defaultRole: SsoDefaultRole;
}

/**
 * The user an identity provider vouched for: the one linked to its subject, else the one with the
 * address, else a new one made as sign-up makes them (their own account and workspace, invitations
 * accepted, confirmed at once: the provider checked the address). The link is stored, and the
 * user joins the connection's account with its default role on their first sign-in.
 */
export class SsoSignIn {
  private readonly users: UserRepository;
  private readonly tenancy: TenancyRepository;

  constructor(private readonly app: FastifyInstance) {
    this.users = new UserRepository(app.db);
    this.tenancy = new TenancyRepository(app.db);
  }

  async resolve(identity: VerifiedIdentity & { email: string }, join: JoinTarget | null): Promise<SignedIn> {
    try {
      return await this.resolveOnce(identity, join);
    } catch (error) {
      // Two first sign-ins of one person at once: the second finds the first's user.
      if (isUniqueViolation(error)) return this.resolveOnce(identity, join);
      throw error;
    }
  }

  private async resolveOnce(
    identity: VerifiedIdentity & { email: string },
    join: JoinTarget | null,
  ): Promise<SignedIn> {
    const { rows: linked } = await this.app.db.query<{ userId: string }>(
      'SELECT user_id::text AS "userId" FROM sso_identities WHERE issuer = $1 AND subject = $2',
      [identity.issuer, identity.subject],
    );
    let existingId: string | null = linked[0]?.userId ?? null;
    if (!existingId) {
      const byEmail = await this.users.findByEmail(identity.email);
      // An organisation's provider speaks for the people the organisation has: an existing user is
      // linked only once an admin added them to the account. Otherwise any account claiming a
      // domain could take over its users' accounts through a provider of its own.
      if (byEmail && join && !(await this.tenancy.findMembership(byEmail.id, join.accountId)))
        throw new SignInRefused('existing');
      existingId = byEmail?.id ?? null;
    }
    const result = await this.app.db.transaction(async (tx): Promise<SignedIn> => {
      const userId = existingId ?? (await this.createUser(tx, identity));
      await tx.query(
        'INSERT INTO sso_identities (issuer, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT (issuer, subject) DO NOTHING',
        [identity.issuer, identity.subject, userId],
      );
      // The provider checked this address: an account waiting for its confirmation mail is confirmed.
      await tx.query(
        'UPDATE users SET confirmed_at = now(), confirmation_token_hash = NULL WHERE id = $1 AND confirmed_at IS NULL AND lower(email) = $2',
        [userId, identity.email],
      );
      const invitations = this.app.services.find(ACCOUNT_INVITATIONS);
      if (join && invitations) {
        try {
          await invitations.join(tx, join.accountId, userId, join.defaultRole);
        } catch (error) {
          // The plan has no seat for someone new: the whole sign-in rolls back (no user, no link).
          if ((error as { code?: unknown }).code === PLAN_LIMIT_CODE) throw new SignInRefused('seats');
          throw error;
        }
      }
      return { userId, created: existingId === null };
    });
    if (join) await this.preferAccount(result.userId, join.accountId);
    return result;
  }

  private async createUser(tx: Queryable, identity: VerifiedIdentity & { email: string }): Promise<string> {
    const created = await this.users.insert(tx, {
      email: identity.email,
      passwordHash: NO_PASSWORD,
      name: identity.name.trim().slice(0, 100),
      lastName: identity.lastName.trim().slice(0, 100),
      anonymousId: null,
      // Never mailed: the UPDATE after this confirms the address and clears it.
      confirmationTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    });
    await this.tenancy.createPersonalAccount(tx, created);
    await this.app.services.find(ACCOUNT_INVITATIONS)?.acceptFor(tx, created);
    return created.id;
  }

  /** The app opens in the organisation's account when the user can open one of its workspaces there. */
  private async preferAccount(userId: string, accountId: string): Promise<void> {
    const workspaces = await this.tenancy.listWorkspacesForUser(userId, accountId);
    if (workspaces && workspaces.length > 0) {
      await this.users.setLastUsedAccount(userId, accountId);
    }
  }
}
