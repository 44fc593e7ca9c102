import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { WebhookEndpointAttributes } from '../common/webhooks-contract';
import { createWebhooksModel } from './webhooks-model';

const attributes = (url: string): WebhookEndpointAttributes => ({
  workspaceId: '7',
  url,
  description: '',
  eventTypes: ['pipeline.processingFinished'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-27T08:00:00Z',
});
const eventTypes = [{ type: 'pipeline.processingFinished', description: 'Processing finished' }];

function setUp() {
  const api = new FakeApiClient()
    .reply('GET', '/api/v1/webhook_endpoints', {
      data: [{ id: '1', type: 'webhookEndpoint', attributes: attributes('https://a.example/hook') }],
      meta: { eventTypes },
    })
    .reply('POST', '/api/v1/webhook_endpoints', {
      data: {
        id: '2',
        type: 'webhookEndpoint',
        attributes: { ...attributes('https://b.example/hook'), secret: 'whsec_abc' },
      },
    });
  const toast = createToastService();
  const model = createWebhooksModel({ api, toast, logger: { error: () => {} } });
  return { api, toast, model, scope: fork() };
}

describe('webhooks model', () => {
  it('shows a new secret once, never in the list, and forgets it when dismissed', async () => {
    const kit = setUp();
    await allSettled(kit.model.opened, { scope: kit.scope, params: '7' });
    expect(kit.scope.getState(kit.model.$eventTypes)).toEqual(eventTypes);
    await allSettled(kit.model.createRequested, {
      scope: kit.scope,
      params: { workspaceId: '7', url: 'https://b.example/hook', eventTypes: ['pipeline.processingFinished'] },
    });
    expect(kit.scope.getState(kit.model.$secret)).toEqual({
      endpointId: '2',
      url: 'https://b.example/hook',
      secret: 'whsec_abc',
    });
    const list = kit.scope.getState(kit.model.$endpoints);
    expect(list.map((e) => e.attributes.url)).toEqual(['https://a.example/hook', 'https://b.example/hook']);
    expect(JSON.stringify(list)).not.toContain('whsec_abc');
    expect(kit.scope.getState(kit.toast.$toasts).map((t) => t.title)).toEqual(['Webhook created']);
    await allSettled(kit.model.secretDismissed, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.$secret)).toBeNull();
  });

  it("a refused URL is shown on its field with the server's reason", async () => {
    const kit = setUp();
    kit.api.reply(
      'POST',
      '/api/v1/webhook_endpoints',
      new ApiError(
        'This URL cannot receive webhooks: 10.0.0.1 is not on the public internet',
        422,
        'unsafe_url',
        'url',
      ),
    );
    await allSettled(kit.model.createRequested, {
      scope: kit.scope,
      params: { workspaceId: '7', url: 'http://10.0.0.1/', eventTypes: ['pipeline.processingFinished'] },
    });
    expect(kit.scope.getState(kit.model.$fieldError)).toEqual({
      field: 'url',
      message: 'This URL cannot receive webhooks: 10.0.0.1 is not on the public internet',
    });
    expect(kit.scope.getState(kit.model.$secret)).toBeNull();
  });
});
