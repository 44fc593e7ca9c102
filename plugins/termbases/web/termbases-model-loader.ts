import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { TermbasesModel } from './termbases-model';

/** The term bases model, built the first time one of its pages opens or one of its commands runs, then kept. */
export const termbasesModel = defineLazyModel<TermbasesModel>('termbases', async () => {
  const { createTermbasesModel } = await import('./termbases-model');
  return (c: Container) =>
    createTermbasesModel({
      api: c.get(TOKENS.ApiClient),
      app: c.get(TOKENS.AppModel),
      toast: c.get(TOKENS.ToastService),
      logger: console,
    });
});
