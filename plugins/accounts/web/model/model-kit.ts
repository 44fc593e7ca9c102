import * as effector from 'effector';
import {
  announceEffect,
  type AnnounceDeps,
  type ApiClient,
  type ApiError,
  type AppModel,
  type ToastService,
} from '../../../../core';

/** What the accounts model talks to; the factory takes them from the container, tests pass fakes. */
export interface AccountsModelDeps {
  api: ApiClient;
  toast: ToastService;
  app: AppModel;
  logger: Pick<Console, 'error'>;
}

export { apiEffect } from '../../../../core';

/** docs/product-contract.md#messages toasts and a log line, tagged `[accounts]` (core's announceEffect). */
export function announce(
  deps: AnnounceDeps,
  fx: effector.Effect<any, any, ApiError>,
  messages: { done?: string; fail: string },
) {
  announceEffect(deps, 'accounts', fx, messages);
}

/** The current account id, or nothing when none is chosen yet (calls wait for one). */
export function hasAccount(id: string | null): id is string {
  return id !== null;
}
