import type { Queryable } from '../db/database';

/** A `users` row as the server works with it (ids are strings: bigint travels as text on both databases). */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  name: string;
  lastName: string;
  role: 'user' | 'staff';
  onboardingState: 'survey' | 'processed';
  confirmedAt: Date | null;
  unconfirmedEmail: string | null;
  resetPasswordSentAt: Date | null;
  shouldSeeNewsletterPopup: boolean;
  newsletterSubscribed: boolean;
  numberOfProjectsSuccessfullyCreated: number;
  lastUsedAccountId: string | null;
  lastUsedWorkspaceId: string | null;
  avatarKey: string | null;
  lastViewedAlertId: string | null;
}

const USER_COLUMNS = `
  id::text AS id, email, password_hash AS "passwordHash", name, last_name AS "lastName", role,
  onboarding_state AS "onboardingState", confirmed_at AS "confirmedAt", unconfirmed_email AS "unconfirmedEmail",
  reset_password_sent_at AS "resetPasswordSentAt", should_see_newsletter_popup AS "shouldSeeNewsletterPopup",
  newsletter_subscribed AS "newsletterSubscribed",
  number_of_projects_successfully_created AS "numberOfProjectsSuccessfullyCreated",
  last_used_account_id::text AS "lastUsedAccountId", last_used_workspace_id::text AS "lastUsedWorkspaceId",
  avatar_key AS "avatarKey", last_viewed_alert_id::text AS "lastViewedAlertId"`;

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  lastName: string;
  anonymousId: string | null;
  confirmationTokenHash: string;
}

/** PostgreSQL's unique_violation: two sign-ups racing for one e-mail end here, not in a 500. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * SQL over `users` (and a user's `sessions`). E-mails are stored trimmed and lower-cased by the
 * caller; lookups still compare `lower(email)` so they use the unique index.
 */
export class UserRepository {
  constructor(private readonly db: Queryable) {}

  async findById(id: string, tx: Queryable = this.db): Promise<UserRecord | null> {
    const { rows } = await tx.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const { rows } = await this.db.query<UserRecord>(
      `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows[0] ?? null;
  }

  async emailTaken(email: string, exceptUserId: string | null = null): Promise<boolean> {
    const { rows } = await this.db.query(
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::bigint IS NULL OR id <> $2::bigint)',
      [email, exceptUserId],
    );
    return rows.length > 0;
  }

  async insert(tx: Queryable, user: NewUser): Promise<UserRecord> {
    const { rows } = await tx.query<UserRecord>(
      `INSERT INTO users (email, password_hash, name, last_name, anonymous_id, confirmation_token_hash, confirmation_sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING ${USER_COLUMNS}`,
      [user.email, user.passwordHash, user.name, user.lastName, user.anonymousId, user.confirmationTokenHash],
    );
    return rows[0];
  }

  // --- confirmation -------------------------------------------------------------------------

  async setConfirmationToken(userId: string, tokenHash: string): Promise<void> {
    await this.db.query(
      'UPDATE users SET confirmation_token_hash = $2, confirmation_sent_at = now(), updated_at = now() WHERE id = $1',
      [userId, tokenHash],
    );
  }

  /**
   * Confirms the account, or the pending new e-mail (profile change) when there is one, and
   * spends the token. Null when no user holds this token.
   */
  async confirmByTokenHash(tokenHash: string, db: Queryable = this.db): Promise<UserRecord | null> {
    const { rows } = await db.query<UserRecord>(
      `UPDATE users SET
         email = coalesce(unconfirmed_email, email),
         unconfirmed_email = NULL,
         confirmed_at = coalesce(confirmed_at, now()),
         confirmation_token_hash = NULL,
         updated_at = now()
       WHERE confirmation_token_hash = $1
       RETURNING ${USER_COLUMNS}`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** A profile e-mail change waits here until the link sent to the new address is opened. */
  async setUnconfirmedEmail(userId: string, email: string, tokenHash: string): Promise<void> {
    await this.db.query(
      `UPDATE users SET unconfirmed_email = $2, confirmation_token_hash = $3, confirmation_sent_at = now(), updated_at = now()
       WHERE id = $1`,
      [userId, email, tokenHash],
    );
  }

  // --- password -----------------------------------------------------------------------------

  async setResetToken(userId: string, tokenHash: string): Promise<void> {
    await this.db.query(
      'UPDATE users SET reset_password_token_hash = $2, reset_password_sent_at = now(), updated_at = now() WHERE id = $1',
      [userId, tokenHash],
    );
  }

  async findByResetTokenHash(tokenHash: string): Promise<UserRecord | null> {
    const { rows } = await this.db.query<UserRecord>(
      `SELECT ${USER_COLUMNS} FROM users WHERE reset_password_token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** New hash; any reset token is spent so an old mail cannot be replayed. `tx`: a transaction publishing the change. */
  async setPasswordHash(userId: string, passwordHash: string, tx: Queryable = this.db): Promise<void> {
    await tx.query(
      `UPDATE users SET password_hash = $2, reset_password_token_hash = NULL, reset_password_sent_at = NULL, updated_at = now()
       WHERE id = $1`,
      [userId, passwordHash],
    );
  }

  /** Logs the user out everywhere except, optionally, the session with this id hash. */
  async deleteSessions(userId: string, exceptSessionIdHash: string | null = null): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE user_id = $1 AND ($2::text IS NULL OR id_hash <> $2::text)', [
      userId,
      exceptSessionIdHash,
    ]);
  }

  // --- the user's own settings --------------------------------------------------------------

  /** Stores the answers once; false when they were stored before (the repeat is refused). */
  async storeSurveyAnswers(userId: string, answers: unknown): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE users SET survey_answers = $2::jsonb, onboarding_state = 'processed', updated_at = now()
       WHERE id = $1 AND onboarding_state = 'survey'`,
      [userId, JSON.stringify(answers)],
    );
    return rowCount > 0;
  }

  async setLastViewedAlert(userId: string, alertId: string): Promise<void> {
    await this.db.query('UPDATE users SET last_viewed_alert_id = $2, updated_at = now() WHERE id = $1', [
      userId,
      alertId,
    ]);
  }

  async setLastUsedAccount(userId: string, accountId: string): Promise<void> {
    await this.db.query('UPDATE users SET last_used_account_id = $2, updated_at = now() WHERE id = $1', [
      userId,
      accountId,
    ]);
  }

  async setLastUsedWorkspace(userId: string, workspaceId: string): Promise<void> {
    await this.db.query('UPDATE users SET last_used_workspace_id = $2, updated_at = now() WHERE id = $1', [
      userId,
      workspaceId,
    ]);
  }

  /** The popup was answered: never show it again; remember a yes (a no keeps an earlier yes). */
  async dismissNewsletterPopup(userId: string, subscribe: boolean): Promise<void> {
    await this.db.query(
      `UPDATE users SET should_see_newsletter_popup = false, newsletter_subscribed = newsletter_subscribed OR $2, updated_at = now()
       WHERE id = $1`,
      [userId, subscribe],
    );
  }

  async updateNames(userId: string, names: { name?: string; lastName?: string }): Promise<void> {
    await this.db.query(
      'UPDATE users SET name = coalesce($2, name), last_name = coalesce($3, last_name), updated_at = now() WHERE id = $1',
      [userId, names.name ?? null, names.lastName ?? null],
    );
  }

  /** Returns the previous key so the caller can delete the old file once the row points elsewhere. */
  async replaceAvatarKey(userId: string, avatarKey: string): Promise<string | null> {
    const { rows } = await this.db.query<{ previous: string | null }>(
      `UPDATE users u SET avatar_key = $2, updated_at = now()
       FROM (SELECT id, avatar_key AS previous FROM users WHERE id = $1 FOR UPDATE) old
       WHERE u.id = old.id RETURNING old.previous AS previous`,
      [userId, avatarKey],
    );
    return rows[0]?.previous ?? null;
  }
}
