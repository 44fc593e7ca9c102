import * as effector from 'effector';
import { AUTH_MESSAGES, AUTH_PAGES, ONBOARDING_COOKIE } from '../../common/auth-contract';
import { apiEffect, safeRedirectPath, type AuthModelDeps, type FlowUnits } from './flow-units';

const { createEvent, sample } = effector;

/** The palette's "Log out": AuthService.signOut, then the server's forwarding URL (docs/product-contract.md#screens-and-routes). */
export function createLogOutModel({ auth }: AuthModelDeps, units: FlowUnits) {
  const logOutRequested = createEvent();
  const logOutFx = apiEffect(() => auth.signOut());

  sample({
    clock: logOutRequested,
    source: logOutFx.pending,
    filter: (pending) => !pending,
    fn: () => undefined,
    target: logOutFx,
  });
  sample({ clock: logOutFx.done, fn: () => ONBOARDING_COOKIE, target: units.removeCookieFx });
  const signedOutTo = logOutFx.doneData.map(({ redirectTo }) => redirectTo || AUTH_PAGES.signIn);
  sample({
    clock: signedOutTo,
    filter: (to) => safeRedirectPath(to) !== null,
    fn: (path) => ({ path, replace: true }),
    target: units.navigateFx,
  });
  sample({ clock: signedOutTo, filter: (to) => safeRedirectPath(to) === null, target: units.leaveSiteFx });
  sample({
    clock: logOutFx.failData,
    fn: (error) => ({ context: 'log-out failed', error }),
    target: units.logFailureFx,
  });
  sample({
    clock: logOutFx.failData,
    fn: (error) => ({ kind: 'error' as const, title: AUTH_MESSAGES.logoutFailed, description: error.message }),
    target: units.toastTarget,
  });

  return { logOutRequested, logOutFx, $pending: logOutFx.pending };
}
