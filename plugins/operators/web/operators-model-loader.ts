import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { OperatorsModel } from './operators-model';

/** The operators' model, built the first time their page or a command needs it, then kept. */
export const operatorsModel = defineLazyModel<OperatorsModel>('operators', async () => {
  const { createOperatorsModel } = await import('./operators-model');
  return (c: Container) =>
    createOperatorsModel({ api: c.get(TOKENS.ApiClient), toast: c.get(TOKENS.ToastService), logger: console });
});
