import { ContainerModule } from 'inversify';
import { TOKENS } from '../di/tokens';
import { AxiosApiClient } from './api-client';
import { DocumentCookieService } from './cookie-service';
import { PageCsrfTokenSource } from './csrf-token';
import { createToastService } from './toast-service';
import { TimerPollingService } from './polling-service';
import { SessionAuthService } from './auth-service';
import { DocumentKeyboardShortcuts } from './keyboard-shortcuts';
import { DeferredNavigator } from './navigator';
import { createContextKeys } from './context-keys';
import { createAppModel } from '../model/app-model';

/**
 * Binds the core services. Classes that need other services declare them with `@inject(TOKENS.…)`
 * and are bound with `.to(Class)`; the Effector models and the browser-object services are built
 * by factories. A plugin binds its own services the same way in its `services` ContainerModule.
 */
export const coreServicesModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CookieService).toDynamicValue(() => new DocumentCookieService());
  bind(TOKENS.CsrfTokenSource).to(PageCsrfTokenSource);
  bind(TOKENS.ApiClient).to(AxiosApiClient);
  bind(TOKENS.ToastService).toDynamicValue(() => createToastService());
  bind(TOKENS.PollingService).toDynamicValue(() => new TimerPollingService());
  bind(TOKENS.KeyboardShortcuts).toDynamicValue(() => new DocumentKeyboardShortcuts());
  bind(TOKENS.Navigator).toConstantValue(new DeferredNavigator());
  bind(TOKENS.ContextKeys).toDynamicValue(() => createContextKeys());
  bind(TOKENS.AppModel).toDynamicValue((ctx) =>
    createAppModel({ api: ctx.get(TOKENS.ApiClient), toast: ctx.get(TOKENS.ToastService) }),
  );
  bind(TOKENS.AuthService).to(SessionAuthService);
});
