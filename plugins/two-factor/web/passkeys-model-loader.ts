import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { PasskeysModel } from './passkeys-model';

/** The passkeys model, built the first time the profile's list or the log-in's second step shows, then kept. */
export const passkeysModel = defineLazyModel<PasskeysModel>('passkeys', async () => {
  const { createPasskeysModel } = await import('./passkeys-model');
  return (c: Container) =>
    createPasskeysModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      logger: console,
      leave: (path) => window.location.assign(path),
    });
});
