import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { TwoFactorModel } from './two-factor-model';

/** The two-factor model, built the first time one of its places is shown, then kept. */
export const twoFactorModel = defineLazyModel<TwoFactorModel>('two-factor', async () => {
  const { createTwoFactorModel } = await import('./two-factor-model');
  return (c: Container) =>
    createTwoFactorModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      logger: console,
      leave: (path) => window.location.assign(path),
    });
});
