import type { RouteAccess } from '../../core';

export interface SessionSnapshot {
  /** False until the first user request settled: guards wait instead of flashing a redirect. */
  checked: boolean;
  user: { confirmedEmail: boolean; onboardingState: string } | null;
}

export type RouteDecision = { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string };

export const SIGN_IN_PATH = '/users/sign_in';
export const ONBOARDING_PATH = '/onboarding';
export const CHECK_EMAIL_PATH = '/onboarding/check_email';

/**
 * Who may see a page (see RouteAccess): guests are sent home when logged in, users and members to
 * the log-in page when not, and members through the survey and e-mail confirmation first.
 */
export function decideRedirect(access: RouteAccess, session: SessionSnapshot, path: string): RouteDecision {
  if (access === 'public') return { kind: 'render' };
  if (!session.checked) return { kind: 'wait' };
  const { user } = session;
  const go = (to: string): RouteDecision => (to === path ? { kind: 'render' } : { kind: 'redirect', to });
  if (access === 'guest') return user ? go('/') : { kind: 'render' };
  if (!user) return go(SIGN_IN_PATH);
  if (access === 'user') return { kind: 'render' };
  if (user.onboardingState === 'survey') return go(ONBOARDING_PATH);
  if (!user.confirmedEmail) return go(CHECK_EMAIL_PATH);
  return { kind: 'render' };
}
