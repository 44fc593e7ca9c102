import * as effector from 'effector';
import type { ContextKeys } from '../../../../core';
import { projectVersionPage, type ProjectVersionResource } from '../../common/projects-contract';
import { PROJECTS_CONTEXT_KEYS, type ProjectsTableFilter, type ProjectsTableHost } from '../extension-points';
import { createLinksModel } from './links-model';
import type { ProjectsModelDeps } from './model-kit';
import {
  createProjectsTableHost,
  createProjectVersionsModel,
  type ProjectsTableHostUnits,
} from './project-versions-model';
import { createUndoDeleteModel } from './undo-delete-model';
import { createUploadsModel } from './uploads-model';

const { createEvent, createStore, sample } = effector;

export type NewProjectMode = 'upload' | 'links';

/**
 * The projects plugin's Effector units: the table (pages, search, filters, selection, delete),
 * uploads and links, and the workspace's project count, which moves as docs/product-contract.md#states-and-transitions says (creating an
 * element or project +1, submitting URLs + the versions returned, deletes − what was deleted). The
 * app's workspace list is asked to reload after each change so every view agrees with the server.
 */
export function createProjectsModel(
  deps: ProjectsModelDeps,
  {
    filters = [],
    host = createProjectsTableHost(),
  }: { filters?: ProjectsTableFilter[]; host?: ProjectsTableHostUnits } = {},
) {
  const { app } = deps;
  const versions = createProjectVersionsModel(deps, { filters, host });

  const projectsCreated = createEvent<{ versions: ProjectVersionResource[]; count: number }>();
  const countChanged = createEvent<number>();
  sample({ clock: projectsCreated, fn: ({ versions: created }) => created, target: versions.rowsCreated });
  sample({ clock: projectsCreated, fn: ({ count }) => count, target: countChanged });
  sample({ clock: versions.deleteProjectVersionsFx.doneData, fn: (ids) => -ids.length, target: countChanged });
  const undo = createUndoDeleteModel(deps, {
    deleted: versions.deleteProjectVersionsFx.done.map(({ params, result }) => ({
      workspaceId: params.workspaceId,
      ids: result,
    })),
    reloadRequested: versions.reloadRequested,
  });
  sample({ clock: undo.restoreProjectVersionsFx.doneData, fn: (ids) => ids.length, target: countChanged });

  const uploads = createUploadsModel(deps, { projectsCreated });
  const links = createLinksModel(deps, {
    projectsCreated,
    rowsRefreshed: versions.rowsRefreshed,
    reloadRequested: versions.reloadRequested,
    countChanged,
    rowsLoaded: versions.fetchPageFx.doneData.map(({ rows }) => rows),
    pageOpened: versions.pageOpened,
  });

  const $projectCount = createStore<number | null>(null)
    .on(app.$currentWorkspace.updates, (_, workspace) => workspace?.attributes.numberOfProjects ?? null)
    .on(countChanged, (count, delta) => Math.max(0, (count ?? 0) + delta));
  sample({ clock: countChanged, target: app.workspacesReloadRequested });
  // A model built after the workspace arrived (a reload straight onto the page) missed its update: the page takes it.
  sample({
    clock: versions.pageOpened,
    source: app.$currentWorkspace,
    filter: Boolean,
    fn: (workspace) => workspace!.attributes.numberOfProjects,
    target: $projectCount,
  });

  // The "New project" popup: which tab is open, or none.
  const newProjectOpened = createEvent<NewProjectMode>();
  const newProjectClosed = createEvent();
  const $newProjectMode = createStore<NewProjectMode | null>(null)
    .on(newProjectOpened, (_, mode) => mode)
    .reset(newProjectClosed, app.workspaceChanged, app.loggedOut);

  // docs/product-contract.md#screens-and-routes: the version page is "shown after a project is created". Several files chosen together
  // leave the user on the list with the new rows selected (to label or set up at once); when one
  // failed the popup stays open to say which, and the new rows are selected behind it.
  const navigateFx = effector.createEffect((path: string) => deps.navigate(path));
  const oneCreated = sample({
    clock: uploads.batchSettled,
    filter: (b) => b.created.length === 1 && !b.incomplete,
    fn: (b) => b.created[0],
  });
  sample({ clock: oneCreated, fn: (v) => projectVersionPage(v.attributes.projectId, v.id), target: navigateFx });
  const severalCreated = sample({
    clock: uploads.batchSettled,
    filter: (b) => b.created.length > 1 || (b.created.length === 1 && b.incomplete),
  });
  sample({
    clock: severalCreated,
    fn: (b): ReadonlySet<string> => new Set(b.created.map((v) => v.id)),
    target: versions.selectionChanged,
  });
  sample({
    clock: uploads.batchSettled,
    filter: (b) => b.created.length > 0 && !b.incomplete,
    target: newProjectClosed,
  });

  return {
    app,
    versions,
    uploads,
    links,
    undo,
    host: host as ProjectsTableHost,
    projectsCreated,
    countChanged,
    $projectCount,
    newProjectOpened,
    newProjectClosed,
    $newProjectMode,
  };
}

export type ProjectsModel = ReturnType<typeof createProjectsModel>;

/** Publishes the selection and the undo flag as context keys, which palette `when` clauses and commands read. */
export function publishContextKeys(model: ProjectsModel, keys: Pick<ContextKeys, 'keySet'>): void {
  sample({
    clock: model.versions.$selection,
    fn: (selected) => ({ key: PROJECTS_CONTEXT_KEYS.selectedIds, value: selected }),
    target: keys.keySet,
  });
  sample({
    clock: model.versions.$selection,
    fn: (selected) => ({ key: PROJECTS_CONTEXT_KEYS.selectionCount, value: selected.size }),
    target: keys.keySet,
  });
  sample({
    clock: model.undo.$canUndoDelete,
    fn: (can) => ({ key: PROJECTS_CONTEXT_KEYS.canUndoDelete, value: can }),
    target: keys.keySet,
  });
}
