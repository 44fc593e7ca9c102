import type { ServiceIdentifier } from 'inversify';
import type { ApiClient } from '../services/api-client';
import type { CookieService } from '../services/cookie-service';
import type { ToastService } from '../services/toast-service';
import type { PollingService } from '../services/polling-service';
import type { AuthService } from '../services/auth-service';
import type { CsrfTokenSource } from '../services/csrf-token';
import type { KeyboardShortcuts } from '../services/keyboard-shortcuts';
import type { PluginRegistry } from '../plugin/plugin-registry';
import type { AppModel } from '../model/app-model';
import type { Navigator } from '../services/navigator';
import type { ContextKeys } from '../services/context-keys';

/**
 * Symbol tokens for every service another module may use. Binding through tokens (not classes)
 * keeps plugins decoupled from implementations, and interface-typed constructor parameters carry
 * no runtime metadata anyway (docs/decisions.md#measured-facts-the-code-relies-on).
 */
function token<T>(name: string): ServiceIdentifier<T> {
  return Symbol.for(`polycue.${name}`) as ServiceIdentifier<T>;
}

export const TOKENS = {
  ApiClient: token<ApiClient>('ApiClient'),
  CookieService: token<CookieService>('CookieService'),
  ToastService: token<ToastService>('ToastService'),
  PollingService: token<PollingService>('PollingService'),
  AuthService: token<AuthService>('AuthService'),
  CsrfTokenSource: token<CsrfTokenSource>('CsrfTokenSource'),
  KeyboardShortcuts: token<KeyboardShortcuts>('KeyboardShortcuts'),
  PluginRegistry: token<PluginRegistry>('PluginRegistry'),
  AppModel: token<AppModel>('AppModel'),
  Navigator: token<Navigator>('Navigator'),
  ContextKeys: token<ContextKeys>('ContextKeys'),
} as const;
