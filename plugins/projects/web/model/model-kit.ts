import * as effector from 'effector';
import { normaliseError, type ApiClient, type ApiError, type AppModel, type PollingService, type ToastService } from '../../../../core';
import type { MediaUploader } from '../upload/media-uploader';

const { createEffect, sample } = effector;

/** What the projects model talks to; the loader takes them from the container, tests pass fakes. */
export interface ProjectsModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  polling: PollingService;
  uploader: MediaUploader;
  logger: Pick<Console, 'error'>;
  /** Unique ids for uploads and submit-URL identifiers. */
  newId(): string;
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

/** Spec section 8: the spec's text as the toast's title, the server's reason below it, and a log line. */
export function announce(
  deps: Pick<ProjectsModelDeps, 'toast' | 'logger'>,
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
  const logFx = createEffect((error: ApiError) => deps.logger.error(`[projects] ${messages.fail}`, error));
  sample({ clock: fx.failData, target: logFx });
}
