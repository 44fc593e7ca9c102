import { createContainer, TOKENS, type Container } from '../../../../core';
import type { createAuthTestKit } from './auth-test-kit';

/** A container holding the kit's services under the core tokens, as the shell's would (no models bound). */
export function containerFor(kit: ReturnType<typeof createAuthTestKit>): Container {
  const container = createContainer();
  container.bind(TOKENS.ApiClient).toConstantValue(kit.api);
  container.bind(TOKENS.AuthService).toConstantValue(kit.auth);
  container.bind(TOKENS.ToastService).toConstantValue(kit.toast);
  container.bind(TOKENS.Navigator).toConstantValue(kit.navigator);
  container.bind(TOKENS.CookieService).toConstantValue(kit.cookies);
  container.bind(TOKENS.AppModel).toConstantValue(kit.app);
  return container;
}
