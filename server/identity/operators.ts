/**
 * Instance operators: the people who run this Polycue installation, a role above account admins
 * (they publish the site-wide alert banner). Two sources, so an installation can name its first
 * operator before anyone has signed up: OPERATOR_EMAILS (config.operatorEmails, checked at every
 * request, no database write) and the users row's role `staff` (server/cli/operators.ts).
 */
export const OPERATOR_ROLE = 'staff';

export function isOperator(user: { email: string; role: string }, operatorEmails: readonly string[]): boolean {
  return user.role === OPERATOR_ROLE || operatorEmails.includes(user.email.trim().toLowerCase());
}
