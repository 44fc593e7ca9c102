import { defineLazyModel, SHELL_CHROME, TOKENS, type Container } from '../../../core';
import type { DataRightsModel } from './data-rights-model';

/** Built the first time a section or a command needs it, then kept. */
export const dataRightsModel = defineLazyModel<DataRightsModel>('data-rights', async () => {
  const { createDataRightsModel } = await import('./data-rights-model');
  return (c: Container) =>
    createDataRightsModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      logger: console,
      chrome: c.get(SHELL_CHROME),
      leave: (path) => window.location.assign(path),
    });
});
