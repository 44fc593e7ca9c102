import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { WebhooksModel } from './webhooks-model';

/** The webhooks model, built the first time the page needs it, then kept. */
export const webhooksModel = defineLazyModel<WebhooksModel>('webhooks', async () => {
  const { createWebhooksModel } = await import('./webhooks-model');
  return (c: Container) =>
    createWebhooksModel({ api: c.get(TOKENS.ApiClient), toast: c.get(TOKENS.ToastService), logger: console });
});
