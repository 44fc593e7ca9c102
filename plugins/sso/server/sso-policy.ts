import type { Queryable } from '../../../server/plugin-api';
import { SSO_SERVER_MESSAGES } from '../common/sso-contract';
import type { PasswordLogInGuard } from '../../auth/server/extension-points';

/** Loose on purpose (the provider proves the address): one @, something on each side, a dot in the domain. */
export function emailDomain(email: string): string | null {
  const match = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/.exec(email.trim().toLowerCase());
  return match ? match[1] : null;
}

/**
 * "Require SSO for these domains": an account imposes it on its own members only (an account
 * cannot lock strangers out by claiming their domain), and for domains it has verified. Whether the address belongs to a member
 * of an account requiring single sign-on for its domain.
 */
export async function ssoRequiredFor(db: Queryable, email: string): Promise<boolean> {
  const domain = emailDomain(email);
  if (!domain) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM sso_domains d
       JOIN sso_connections c ON c.account_id = d.account_id AND c.require_sso
       JOIN account_users au ON au.account_id = c.account_id
       JOIN users u ON u.id = au.user_id AND lower(u.email) = $2
     WHERE d.domain = $1 AND d.verified_at IS NOT NULL`,
    [domain, email.trim().toLowerCase()],
  );
  return rows.length > 0;
}

/** The auth plugin asks before checking a password. */
export const ssoPasswordGuard: PasswordLogInGuard = {
  id: 'sso.required',
  async refusal(email, { db }) {
    return (await ssoRequiredFor(db, email))
      ? { code: 'sso_required', message: SSO_SERVER_MESSAGES.ssoRequired }
      : null;
  },
};
