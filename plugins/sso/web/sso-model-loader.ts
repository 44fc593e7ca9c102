import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { SsoModel } from './sso-model';

/** The single sign-on model, built the first time a part of it is shown, then kept. */
export const ssoModel = defineLazyModel<SsoModel>('sso', async () => {
  const { createSsoModel } = await import('./sso-model');
  return (c: Container) =>
    createSsoModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      logger: console,
      leave: (url) => window.location.assign(url),
    });
});
