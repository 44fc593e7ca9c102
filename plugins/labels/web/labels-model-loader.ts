import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { LabelsModel } from './model/labels-model';

/** The labels model, fetched and built with the projects page or the first labels command, then kept. */
export const labelsModel = defineLazyModel<LabelsModel>('labels', async () => {
  const { createLabelsModel } = await import('./model/labels-model');
  return (c: Container) => {
    const model = createLabelsModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      app: c.get(TOKENS.AppModel),
      cookies: c.get(TOKENS.CookieService),
      logger: console,
      keys: c.get(TOKENS.ContextKeys),
    });
    model.started();
    return model;
  };
});
export const LABELS_MODEL = labelsModel.token;
export const loadLabelsModel = labelsModel.load;
