/**
 * The kernel's public surface. Plugins import from here only, so a plugin built elsewhere binds to
 * the same single copy of inversify, React and Effector as the app.
 */
export * from './di';
export * from './plugin/plugin-api';
export { PluginRegistry, type RegistryOptions } from './plugin/plugin-registry';
export {
  progressSources,
  shellOverlays,
  SHELL_EXTENSION_POINTS,
  type ProgressItem,
  type ProgressSource,
  type ShellOverlay,
  type PageSectionContribution,
} from './plugin/shell-extension-points';
// Widgets (the data table) are imported from `core/ui` so their code stays in the pages that use them.
export { SHELL_CHROME, type ShellChrome, type ShellDialogComponent } from './ui/shell-chrome';
export {
  ApiError,
  AxiosApiClient,
  normaliseError,
  type ApiClient,
  type ApiResponse,
  type RequestOptions,
} from './services/api-client';
export { PageCsrfTokenSource, type CsrfTokenSource } from './services/csrf-token';
export { DocumentCookieService, type CookieService } from './services/cookie-service';
export { announceEffect, announceFailure, apiEffect, type AnnounceDeps } from './model/api-effect';
export {
  createToastService,
  toastOnFailure,
  toastOnSuccess,
  type Toast,
  type ToastAction,
  type ToastInput,
  type ToastKind,
  type ToastService,
} from './services/toast-service';
export { TimerPollingService, type PollingService, type PollingTask } from './services/polling-service';
export { SessionAuthService, type AuthService, type SignInFields } from './services/auth-service';
export {
  DocumentKeyboardShortcuts,
  isMacPlatform,
  matchesChord,
  parseChord,
  type KeyboardShortcuts,
} from './services/keyboard-shortcuts';
export { DeferredNavigator, type Navigator } from './services/navigator';
export { createContextKeys, type ContextKeys } from './services/context-keys';
export { coreServicesModule } from './services/core-module';
export { createStateReader } from './model/state-reader';
export { createAppModel, type AppModel, type AppStartParams } from './model/app-model';
export { chooseAccount, chooseWorkspace, takeSelectionParams } from './model/current-selection';
export * from './common';
export { defineLazyModel, loadModelOnce, type LazyModel, type TrackedPromise } from './plugin/lazy-model';
export { useLazyModel } from './plugin/use-lazy-model';
