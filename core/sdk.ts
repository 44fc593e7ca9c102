/**
 * `@polycue/sdk`: what a plugin built outside Polycue imports from the host at run time. The page's
 * import map resolves it to the running app's own kernel (core/common/shared-modules.ts), so the
 * plugin shares its plugin API, tokens, container and services. Types come from this file too
 * (docs/plugins.md shows the `paths` mapping for a plugin's tsconfig).
 *
 * This list is the versioned public surface: within PLUGIN_API_MAJOR names are only added. Keep it
 * as `export { … } from` blocks: the server reads the names from this file to write the module the
 * import map points at, and core/sdk.test.ts checks the two agree.
 */
export {
  PLUGIN_API_VERSION,
  definePlugin,
  defineExtensionPoint,
  contribute,
  progressSources,
  shellOverlays,
  SHELL_CHROME,
  TOKENS,
  Container,
  ContainerModule,
  inject,
  injectable,
  optional,
  unmanaged,
  useContainer,
  useService,
  ApiError,
  apiEffect,
  announceEffect,
  announceFailure,
  toastOnFailure,
  toastOnSuccess,
  loadModelOnce,
  createStateReader,
  defineLazyModel,
  useLazyModel,
  CSRF_HEADER,
  PLUGIN_API_MAJOR,
} from './index';
export type {
  PluginDefinition,
  RouteContribution,
  NavItem,
  Command,
  CommandChoice,
  CommandContext,
  CommandProvider,
  WhenContext,
  ExtensionPoint,
  Contribution,
  ModelContext,
  ModelFactory,
  LazyModel,
  ProgressItem,
  ProgressSource,
  ShellOverlay,
  PageSectionContribution,
  ShellChrome,
  ApiClient,
  ApiResponse,
  RequestOptions,
  ToastService,
  Toast,
  ToastInput,
  AppModel,
  ContextKeys,
  Resource,
  ServiceIdentifier,
} from './index';
// Not in core/index.ts, so the shell's initial JavaScript does not carry it (first-party plugins import core/model/resource-list-model).
export { createResourceListModel } from './model/resource-list-model';
export type {
  ItemAction,
  ResourceListDeps,
  ResourceListMessages,
  ResourceListModel,
  ResourceListPaths,
} from './model/resource-list-model';
export { resourceCommandChoices } from './model/resource-choices';
export type { ResourceCommandChoicesOptions } from './model/resource-choices';
