import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { ThemesModel } from './themes-model';

/** The themes model, built the first time its page opens or one of its commands runs, then kept. */
export const themesModel = defineLazyModel<ThemesModel>('themes', async () => {
  const { createThemesModel } = await import('./themes-model');
  return (c: Container) =>
    createThemesModel({
      api: c.get(TOKENS.ApiClient),
      app: c.get(TOKENS.AppModel),
      toast: c.get(TOKENS.ToastService),
      logger: console,
    });
});
