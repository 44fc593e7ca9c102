import { defineLazyModel } from '../../../core';
import type { LoadedProjectsModel } from './model/build-projects-model';

export type { LoadedProjectsModel };

/**
 * The projects model and its contributors (labels' column, filter and bulk actions), fetched and
 * built the first time the projects page opens or a projects command runs, then kept for the
 * container's lifetime so uploads and followed downloads outlive the page.
 */
export const projectsModel = defineLazyModel<LoadedProjectsModel>(
  'projects',
  async () => (await import('./model/build-projects-model')).buildProjectsModel,
);
export const PROJECTS_MODEL = projectsModel.token;
export const loadProjectsModel = projectsModel.load;
