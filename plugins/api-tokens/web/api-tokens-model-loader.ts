import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { ApiTokensModel } from './api-tokens-model';

/** The API tokens model, built the first time the page, the section or a command needs it, then kept. */
export const apiTokensModel = defineLazyModel<ApiTokensModel>('api-tokens', async () => {
  const { createApiTokensModel } = await import('./api-tokens-model');
  return (c: Container) =>
    createApiTokensModel({ api: c.get(TOKENS.ApiClient), toast: c.get(TOKENS.ToastService), logger: console });
});
