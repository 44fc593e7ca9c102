import type { Container, ServiceIdentifier } from '../../../core';
import type { LoadedProjectsModel } from './model/build-projects-model';
import { loadModelOnce } from './lazy-model';

export type { LoadedProjectsModel };

/** Where the built projects model is bound; pages and commands get it through `loadProjectsModel`. */
export const PROJECTS_MODEL = Symbol.for('polycue.projects.model') as ServiceIdentifier<LoadedProjectsModel>;

/**
 * The projects model and its contributors (labels' column, filter and bulk actions), fetched and
 * built the first time the projects page opens or a projects command runs, then kept for the
 * container's lifetime so uploads and followed downloads outlive the page.
 */
export function loadProjectsModel(container: Container): Promise<LoadedProjectsModel> {
  return loadModelOnce(container, PROJECTS_MODEL, async () => (await import('./model/build-projects-model')).buildProjectsModel);
}
