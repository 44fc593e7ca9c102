import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { VocabulariesModel } from './vocabularies-model';

/** The vocabularies model, built the first time its page opens or one of its commands runs, then kept. */
export const vocabulariesModel = defineLazyModel<VocabulariesModel>('vocabularies', async () => {
  const { createVocabulariesModel } = await import('./vocabularies-model');
  return (c: Container) =>
    createVocabulariesModel({
      api: c.get(TOKENS.ApiClient),
      app: c.get(TOKENS.AppModel),
      toast: c.get(TOKENS.ToastService),
      logger: console,
    });
});
