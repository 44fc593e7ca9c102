import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { AssignmentsModel } from './assignments-model';

/** The assignments model, built the first time the section, the page, the popup or a command needs it, then kept. */
export const assignmentsModel = defineLazyModel<AssignmentsModel>('assignments', async () => {
  const { createAssignmentsModel } = await import('./assignments-model');
  return (c: Container) =>
    createAssignmentsModel({ api: c.get(TOKENS.ApiClient), toast: c.get(TOKENS.ToastService), logger: console });
});

/** The assign popup, loaded when first opened. */
export const loadAssignDialog = () => import('./assign-dialog');
