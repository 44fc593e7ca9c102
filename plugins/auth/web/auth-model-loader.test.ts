import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core';
import { testWhenContext } from '../../../core/testing/when-context';
import { authCommands } from './auth-commands';
import { AUTH_MODEL, loadAuthModel } from './auth-model-loader';
import authPlugin from './index';
import { createAuthTestKit } from './testing/auth-test-kit';
import { containerFor } from './testing/auth-container';

describe('the lazily loaded auth model', () => {
  it('is built on first use, once per container, and then bound for synchronous reads', async () => {
    const kit = createAuthTestKit();
    const container = containerFor(kit);
    expect(container.isBound(AUTH_MODEL)).toBe(false);

    const [first, second] = await Promise.all([loadAuthModel(container), loadAuthModel(container)]);
    expect(second).toBe(first);
    expect(container.get(AUTH_MODEL)).toBe(first);
    expect(await loadAuthModel(container)).toBe(first);

    const other = await loadAuthModel(containerFor(kit));
    expect(other).not.toBe(first);
  });

  it('is not built by the plugin definition: only routes, nav, commands and the overlay are declared', () => {
    expect(authPlugin.model).toBeUndefined();
    expect(authPlugin.contributions?.map((c) => (c.value as { id: string }).id)).toEqual(['auth.newsletterPopup']);
  });

  it('"Log out" from the palette loads the model and logs out through it', async () => {
    const kit = createAuthTestKit();
    const container = containerFor(kit);
    kit.api.reply('DELETE', '/users/sign_out', { redirectTo: '/users/sign_in' });
    const logOut = authCommands.find((c) => c.id === 'auth.logOut')!;

    await logOut.run!({ container, app: kit.app, navigate: () => {}, when: testWhenContext() });
    await expect.poll(() => kit.navigator.visits).toEqual([{ path: '/users/sign_in', replace: true }]);
    expect(kit.api.callsTo('DELETE', '/users/sign_out')).toHaveLength(1);
    expect(container.isBound(AUTH_MODEL)).toBe(true);
  });

  it('a failed log-out from the palette still shows "Logout is failed"', async () => {
    const kit = createAuthTestKit();
    kit.api.reply('DELETE', '/users/sign_out', new ApiError('Request failed', 500));
    await authCommands.find((c) => c.id === 'auth.logOut')!.run!({
      container: containerFor(kit),
      app: kit.app,
      navigate: () => {},
      when: testWhenContext(),
    });
    await expect.poll(() => kit.toast.$toasts.getState().map((t) => t.title)).toEqual(['Logout is failed']);
  });
});
