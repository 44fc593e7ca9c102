import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { ApiTokenAttributes } from '../common/api-tokens-contract';
import { createApiTokensModel } from './api-tokens-model';

const attributes = (name: string): ApiTokenAttributes => ({
  name,
  prefix: 'pcu_abcdef',
  scope: 'read',
  accountId: '7',
  workspaceId: null,
  workspaceName: null,
  createdAt: '2026-11-27T08:00:00Z',
  expiresAt: null,
  lastUsedAt: null,
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const model = createApiTokensModel({ api, toast, logger: { error: () => {} } });
  const scope = fork();
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title }) => ({ kind, title }));
  return { api, model, scope, toasts };
}

describe('API tokens model', () => {
  it('lists the account’s tokens, shows a new token’s secret once and lists it without the secret', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/api_tokens', {
      data: [{ id: '1', type: 'apiToken', attributes: attributes('Old') }],
    });
    await allSettled(kit.model.opened, { scope: kit.scope, params: '7' });
    expect(kit.api.callsTo('GET', '/api/v1/api_tokens')[0].params).toEqual({ accountId: '7' });
    expect(kit.scope.getState(kit.model.$tokens).map((t) => t.attributes.name)).toEqual(['Old']);

    const secret = `pcu_${'x'.repeat(43)}`;
    kit.api.reply('POST', '/api/v1/api_tokens', {
      data: { id: '2', type: 'apiToken', attributes: { ...attributes('Nightly'), token: secret } },
    });
    await allSettled(kit.model.createRequested, {
      scope: kit.scope,
      params: { accountId: '7', name: 'Nightly', scope: 'read', workspaceId: null, expiresInDays: 30 },
    });
    expect(kit.scope.getState(kit.model.$created)).toEqual({ id: '2', name: 'Nightly', token: secret });
    const listed = kit.scope.getState(kit.model.$tokens);
    expect(listed.map((t) => t.attributes.name)).toEqual(['Nightly', 'Old']);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(kit.toasts()).toEqual([{ kind: 'success', title: 'API token created' }]);

    await allSettled(kit.model.createdDismissed, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.$created)).toBeNull();
  });

  it('revokes a token (gone from the list) and says what the server refused, on its field', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/api_tokens', {
      data: [{ id: '1', type: 'apiToken', attributes: attributes('Old') }],
    });
    await allSettled(kit.model.opened, { scope: kit.scope, params: '7' });
    kit.api.reply('DELETE', '/api/v1/api_tokens/1', { data: { id: '1' } });
    await allSettled(kit.model.revokeRequested, { scope: kit.scope, params: '1' });
    expect(kit.scope.getState(kit.model.$tokens)).toEqual([]);
    expect(kit.toasts()).toEqual([{ kind: 'success', title: 'API token revoked' }]);

    kit.api.reply('POST', '/api/v1/api_tokens', new ApiError("Name can't be blank", 422, 'invalid', 'name'));
    await allSettled(kit.model.createRequested, {
      scope: kit.scope,
      params: { accountId: '7', name: '', scope: 'read', workspaceId: null, expiresInDays: 30 },
    });
    expect(kit.scope.getState(kit.model.$fieldError)).toEqual({ field: 'name', message: "Name can't be blank" });
    expect(kit.scope.getState(kit.model.$created)).toBeNull();
  });
});
