import { describe, expect, it } from 'vitest';
import {
  createAppModel,
  createContainer,
  createToastService,
  TOKENS,
  type ApiClient,
  type CommandContext,
} from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { testWhenContext } from '../../../core/testing/when-context';
import builtins from './index';

describe('"Reload data"', () => {
  it('reloads the user and says when it is done', async () => {
    const api = new FakeApiClient().reply('GET', '/api/v1/users/', { data: null });
    const toast = createToastService();
    const app = createAppModel({ api: api as ApiClient, toast });
    const container = createContainer();
    container.bind(TOKENS.ToastService).toConstantValue(toast);
    const ctx: CommandContext = { container, app, navigate: () => {}, when: testWhenContext() };
    await builtins.commands!.find((c) => c.title === 'Reload data')!.run!(ctx);
    expect(api.callsTo('GET', '/api/v1/users/')).toHaveLength(1);
    expect(toast.$toasts.getState().map((t) => t.title)).toEqual(['Data reloaded']);
  });
});
