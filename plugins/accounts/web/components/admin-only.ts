/** Why an admin action is disabled for a member: shown as the control's tooltip (title). */
export const ONLY_ADMINS_REASON = 'Only account admins can do this';

/** Props that disable a control for non-admins and say why. */
export function adminOnly(isAdmin: boolean, busy = false): { disabled: boolean; title?: string } {
  return isAdmin ? { disabled: busy } : { disabled: true, title: ONLY_ADMINS_REASON };
}
