import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { BillingModel } from './billing-model';

/** The billing model, built the first time the billing or checkout page opens, then kept. */
export const billingModel = defineLazyModel<BillingModel>('billing', async () => {
  const { createBillingModel } = await import('./billing-model');
  return (c: Container) =>
    createBillingModel({
      api: c.get(TOKENS.ApiClient),
      app: c.get(TOKENS.AppModel),
      toast: c.get(TOKENS.ToastService),
      navigator: c.get(TOKENS.Navigator),
      logger: console,
      leave: (url) => window.location.assign(url),
    });
});
