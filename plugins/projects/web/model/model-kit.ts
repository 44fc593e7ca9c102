import * as effector from 'effector';
import {
  announceEffect,
  type AnnounceDeps,
  type ApiClient,
  type ApiError,
  type AppModel,
  type PollingService,
  type ToastService,
} from '../../../../core';
import type { MediaUploader } from '../upload/media-uploader';

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
  /** Opens a page (the version page after a project is created). */
  navigate(path: string): void;
  /**
   * Offers the plan's upgrade for `message` (a link over the plan's largest video), when a plugin
   * answers plan limits (billing); absent otherwise, and the rows then offer no upgrade.
   */
  offerUpgrade?: (message: string) => void;
}

export { apiEffect } from '../../../../core';

/** docs/product-contract.md#messages toasts and a log line, tagged `[projects]` (core's announceEffect). */
export function announce(
  deps: AnnounceDeps,
  fx: effector.Effect<any, any, ApiError>,
  messages: { done?: string; fail: string },
) {
  announceEffect(deps, 'projects', fx, messages);
}
