import { TOKENS, type Container, type ServiceIdentifier } from '../../../core';
import type { LabelsModel } from './model/labels-model';
import { loadModelOnce } from './lazy-model';

export const LABELS_MODEL = Symbol.for('polycue.labels.model') as ServiceIdentifier<LabelsModel>;

/** The labels model, fetched and built with the projects page or the first labels command, then kept. */
export function loadLabelsModel(container: Container): Promise<LabelsModel> {
  return loadModelOnce(container, LABELS_MODEL, async () => {
    const { createLabelsModel } = await import('./model/labels-model');
    return (c: Container) => {
      const model = createLabelsModel({
        api: c.get(TOKENS.ApiClient),
        toast: c.get(TOKENS.ToastService),
        app: c.get(TOKENS.AppModel),
        cookies: c.get(TOKENS.CookieService),
        logger: console,
      });
      model.started();
      return model;
    };
  });
}
