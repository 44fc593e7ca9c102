import * as effector from 'effector';
import { normaliseError, type ApiClient, type ApiError, type AppModel, type ToastService } from '../../../../core';

const { createEffect, sample } = effector;

/** What the accounts model talks to; the factory takes them from the container, tests pass fakes. */
export interface AccountsModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  logger: Pick<Console, 'error'>;
}

/** An effect whose failure is always a core ApiError (status, message, code, field). */
export function apiEffect<P, R>(handler: (params: P) => Promise<R>) {
  return createEffect<P, R, ApiError>(async (params: P) => {
    try {
      return await handler(params);
    } catch (error) {
      throw normaliseError(error);
    }
  });
}

/**
 * Spec section 8: a success toast with the spec's text; a failure toast with the spec's text and
 * the server's reason, logged. Through `sample` so it works in forked scopes.
 */
export function announce(
  deps: AccountsModelDeps,
  fx: effector.Effect<any, any, ApiError>,
  messages: { done?: string; fail: string },
) {
  if (messages.done) {
    sample({ clock: fx.done, fn: () => ({ kind: 'success' as const, title: messages.done! }), target: deps.toast.shown });
  }
  sample({
    clock: fx.failData,
    fn: (error) => ({ kind: 'error' as const, title: messages.fail, description: error.message }),
    target: deps.toast.shown,
  });
  const logFx = createEffect((error: ApiError) => deps.logger.error(`[accounts] ${messages.fail}`, error));
  sample({ clock: fx.failData, target: logFx });
}

/** The current account id, or nothing when none is chosen yet (calls wait for one). */
export function hasAccount(id: string | null): id is string {
  return id !== null;
}
