import * as effector from 'effector';
import {
  announceFailure,
  type AnnounceDeps,
  type ApiClient,
  type ApiError,
  type AppModel,
  type Navigator,
  type PollingService,
  type ToastService,
} from '../../../../core';

import type { SetupRefusalHandler, SetupResourcePicker } from '../extension-points';

const { createEffect } = effector;

/** What the pipeline model talks to; the loader takes them from the container, tests pass fakes. */
export interface PipelineModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  navigator: Navigator;
  polling: PollingService;
  logger: Pick<Console, 'error'>;
  /** Pickers other plugins contribute to the set-up popups (read when a popup opens). */
  resourcePickers?: () => SetupResourcePicker[];
  /** Handlers other plugins contribute for a refused set-up's error code (read when one is refused), bound to the container. */
  refusalHandlers?: () => {
    code: string;
    handle(ctx: Omit<Parameters<SetupRefusalHandler['handle']>[0], 'container'>): void | Promise<void>;
  }[];
}

export { apiEffect } from '../../../../core';

/** docs/product-contract.md#messages: every failure shows the spec's text (the server's reason below it) and is logged, tagged `[pipeline]`. */
export function toastAndLogFailure(deps: AnnounceDeps, fail: effector.Event<ApiError>, title: string): void {
  announceFailure(deps, 'pipeline', fail, title);
}

/** Navigation as an effect, so models stay testable with a recording navigator. */
export function navigateEffect(navigator: Navigator) {
  return createEffect((path: string) => navigator.navigate(path));
}
