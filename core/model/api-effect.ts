import * as effector from 'effector';
import { normaliseError, type ApiError } from '../services/api-client';
import type { ToastService } from '../services/toast-service';

const { createEffect, sample } = effector;

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

/** What announcing needs: the toasts and a logger (console in the app, a recorder in tests). */
export interface AnnounceDeps {
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

/**
 * docs/product-contract.md#messages for a failure: a toast with the spec's text as its title and the server's reason
 * below it, and a log line `[tag] title`. Through `sample`, so it works in forked scopes.
 */
export function announceFailure(
  deps: AnnounceDeps,
  tag: string,
  failData: effector.Unit<ApiError>,
  title: string,
): void {
  sample({
    clock: failData,
    fn: (error: ApiError) => ({ kind: 'error' as const, title, description: error.message }),
    target: deps.toast.shown,
  });
  const logFx = createEffect((error: ApiError) => deps.logger.error(`[${tag}] ${title}`, error));
  sample({ clock: failData, target: logFx });
}

/** `announceFailure` for an effect, plus a success toast with the spec's text when there is one. */
export function announceEffect(
  deps: AnnounceDeps,
  tag: string,
  fx: effector.Effect<any, any, ApiError>,
  messages: { done?: string; fail: string },
): void {
  const { done } = messages;
  if (done) sample({ clock: fx.done, fn: () => ({ kind: 'success' as const, title: done }), target: deps.toast.shown });
  announceFailure(deps, tag, fx.failData, messages.fail);
}
