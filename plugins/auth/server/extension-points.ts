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

export const passwordLogInGuards = defineServerExtensionPoint<PasswordLogInGuard>('auth.passwordLogInGuards');
