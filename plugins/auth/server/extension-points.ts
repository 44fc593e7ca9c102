import { defineServerExtensionPoint, type Queryable } from '../../../server/plugin-api';

/**
 * What other plugins may add to the auth plugin's server. A password log-in guard may refuse the
 * password log-in of an address before the password is checked, e.g. single sign-on for a domain
 * whose organisation requires it: `refusal(email, { db })` answers the sentence people read, or null.
 */
export interface PasswordLogInGuard {
  id: string;
  refusal(email: string, ctx: { db: Queryable }): Promise<{ code: string; message: string } | null>;
}

export const passwordLogInGuards = defineServerExtensionPoint<PasswordLogInGuard>('auth.passwordLogInGuards', {
  members: { refusal: 'function' },
});

/**
 * A step after a correct password and before the session is made, e.g. two-factor sign-in:
 * `challenge(user, { db, sessionId })` answers a refusal (code and the sentence people read) to
 * hold the log-in back, or null to let it through. A refusal answers 401 with no session; the
 * contributing plugin keeps what it needs under the browser's (anonymous) session id and finishes
 * the log-in itself (`app.replaceSession`) once its step is done.
 */
export interface PasswordSignInStep {
  id: string;
  challenge(
    user: { id: string; email: string },
    ctx: { db: Queryable; sessionId: string | null },
  ): Promise<{ code: string; message: string } | null>;
}

export const passwordSignInSteps = defineServerExtensionPoint<PasswordSignInStep>('auth.passwordSignInSteps', {
  members: { challenge: 'function' },
});
