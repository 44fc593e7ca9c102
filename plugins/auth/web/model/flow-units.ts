import * as effector from 'effector';
import {
  type ApiClient,
  type ApiError,
  type AppModel,
  type AuthService,
  type CookieService,
  type Navigator,
  type ToastInput,
  type ToastService,
} from '../../../../core';

const { createEffect, createStore, sample } = effector;

/** Everything the auth flows talk to; the factory takes them from the container, tests pass fakes. */
export interface AuthModelDeps {
  api: ApiClient;
  auth: AuthService;
  toast: ToastService;
  navigator: Navigator;
  cookies: CookieService;
  app: AppModel;
  logger: Pick<Console, 'error'>;
}

export interface NavigationTarget {
  path: string;
  replace?: boolean;
}

/**
 * Only a path on this site may be a target after log-in: `//evil.example` and `/\evil.example`
 * are protocol-relative to browsers, and a full URL could send people anywhere.
 */
export function safeRedirectPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines in URLs, so `/\t/evil.example` would become `//evil.example`.
  if ([...value].some((c) => c.charCodeAt(0) < 32)) return null;
  return value;
}

export { apiEffect } from '../../../../core';

/** The failure state the spec asks for: the last failure's message, cleared when the call is retried. */
export function failureState(fx: effector.Effect<any, any, ApiError>) {
  return createStore<string | null>(null)
    .on(fx.failData, (_, error) => error.message)
    .reset(fx);
}

/** Side effects shared by every flow, as effects so they run inside forked scopes in tests. */
export function createFlowUnits(deps: AuthModelDeps) {
  const { navigator, logger, cookies, auth, app, toast } = deps;

  const navigateFx = createEffect(({ path, replace }: NavigationTarget) => {
    navigator.navigate(path, replace ? { replace: true } : undefined);
  });
  const logFailureFx = createEffect(({ context, error }: { context: string; error: unknown }) => {
    logger.error(`[auth] ${context}`, error);
  });
  const waitFx = createEffect((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const sessionReplacedFx = createEffect(() => auth.sessionReplaced());
  const setCookieFx = createEffect(({ name, value }: { name: string; value: string }) => cookies.set(name, value));
  const removeCookieFx = createEffect((name: string) => cookies.remove(name));
  /** For forwarding URLs off this site (e.g. a single sign-on log-out page), which the router cannot open. */
  const leaveSiteFx = createEffect((url: string) => window.location.assign(url));

  /**
   * After a call that started a session, the route guards only let the user in once the app user
   * is reloaded: navigating earlier would bounce off the guard. So the target waits for that load.
   */
  const $navigationAfterUserLoad = createStore<NavigationTarget | null>(null);
  const userLoadSettled = sample({
    clock: app.fetchUserFx.finally,
    source: $navigationAfterUserLoad,
    filter: (target): target is NavigationTarget => target !== null,
    fn: (target, result) => ({ target: target!, loggedIn: result.status === 'done' && result.result !== null }),
  });
  sample({
    clock: userLoadSettled,
    filter: ({ loggedIn }) => loggedIn,
    fn: ({ target }) => target,
    target: navigateFx,
  });
  $navigationAfterUserLoad.reset(userLoadSettled);

  return {
    navigateFx,
    logFailureFx,
    waitFx,
    sessionReplacedFx,
    setCookieFx,
    removeCookieFx,
    leaveSiteFx,
    $navigationAfterUserLoad,
    /** Raises a toast from a unit's payload (the core toast service is itself Effector units). */
    toastTarget: toast.shown,
  };
}

export type FlowUnits = ReturnType<typeof createFlowUnits>;

export type { ToastInput };
