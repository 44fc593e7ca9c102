import { describe, expect, it } from 'vitest';
import { createContainer, TOKENS, type ApiClient } from '../index';
import { FakeApiClient } from '../testing/fake-api-client';
import { coreServicesModule } from './core-module';
import { SessionAuthService } from './auth-service';

/** The core services as the shell's container builds them: by `@inject(token)`, from whatever is bound under each token. */
describe('core services module', () => {
  it('resolves every core token', () => {
    const container = createContainer(coreServicesModule);
    for (const token of Object.values(TOKENS)) {
      if (token === TOKENS.PluginRegistry) continue; // bound by the shell, from its plugin list
      expect(() => container.get(token as symbol), String(token)).not.toThrow();
    }
    expect(container.get(TOKENS.AuthService)).toBeInstanceOf(SessionAuthService);
  });

  it('injects the bound ApiClient into the auth service, so a log-in goes through it', async () => {
    const container = createContainer(coreServicesModule);
    const api = new FakeApiClient().reply('POST', '/users/sign_in', {});
    container.rebind(TOKENS.ApiClient).toConstantValue(api as ApiClient);
    await container.get(TOKENS.AuthService).signIn({ email: 'ada@example.com', password: 'secret123' });
    expect(api.callsTo('POST', '/users/sign_in')).toHaveLength(1);
    expect(container.get(TOKENS.ApiClient)).toBe(api);
  });
});
