import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { GuidelinesModel } from './guidelines-model';

/** The guidelines model, built the first time its page opens or one of its commands runs, then kept. */
export const guidelinesModel = defineLazyModel<GuidelinesModel>('guidelines', async () => {
  const { createGuidelinesModel } = await import('./guidelines-model');
  return (c: Container) =>
    createGuidelinesModel({
      api: c.get(TOKENS.ApiClient),
      app: c.get(TOKENS.AppModel),
      toast: c.get(TOKENS.ToastService),
      logger: console,
    });
});
