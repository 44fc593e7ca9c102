import * as effector from 'effector';
import { normaliseError, type ApiClient, type ApiError, type AppModel, type Navigator, type PollingService, type ToastService } from '../../../../core';

const { createEffect, sample } = effector;

/** What the pipeline model talks to; the loader takes them from the container, tests pass fakes. */
export interface PipelineModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  navigator: Navigator;
  polling: PollingService;
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

/** Spec 8: every failure shows the spec's text (the server's reason below it) and is logged. */
export function toastAndLogFailure(deps: Pick<PipelineModelDeps, 'toast' | 'logger'>, fail: effector.Event<ApiError>, title: string): void {
  sample({ clock: fail, fn: (error) => ({ kind: 'error' as const, title, description: error.message }), target: deps.toast.shown });
  const logFx = createEffect((error: ApiError) => deps.logger.error(`[pipeline] ${title}`, error));
  sample({ clock: fail, target: logFx });
}

/** Navigation as an effect, so models stay testable with a recording navigator. */
export function navigateEffect(navigator: Navigator) {
  return createEffect((path: string) => navigator.navigate(path));
}
