import * as effector from 'effector';
import { type WorkspaceResource } from '../../../../core';
import { ACCOUNTS_MESSAGES, ACCOUNTS_PATHS } from '../../common/accounts-contract';
import { announce, apiEffect, type AccountsModelDeps } from './model-kit';

const { createEvent, createStore, sample } = effector;

/**
 * The workspaces page: the account's workspaces (mirroring the app's list, which the app model
 * loads whenever the account changes), create, rename and delete several at once. Every change
 * also asks the app to reload its list, so the shell's switcher shows it.
 */
export function createWorkspacesModel(deps: AccountsModelDeps) {
  const { api, app } = deps;

  const createSubmitted = createEvent<string>();
  const renameSubmitted = createEvent<{ workspaceId: string; name: string }>();
  const selectionChanged = createEvent<Set<string>>();
  const deleteConfirmed = createEvent();
  const reloadRequested = createEvent();

  const createWorkspaceFx = apiEffect(
    async ({ accountId, name }: { accountId: string; name: string }) =>
      (await api.post<{ data: WorkspaceResource }>(ACCOUNTS_PATHS.createWorkspace(accountId), { name })).data.data,
  );
  const renameWorkspaceFx = apiEffect(
    async ({ workspaceId, name }: { workspaceId: string; name: string }) =>
      (await api.put<{ data: WorkspaceResource }>(ACCOUNTS_PATHS.renameWorkspace(workspaceId), { name })).data.data,
  );
  const deleteWorkspacesFx = apiEffect(
    async ({ accountId, ids }: { accountId: string; ids: string[] }) =>
      (await api.delete<{ data: { ids: string[] } }>(ACCOUNTS_PATHS.deleteWorkspaces, { accountId, ids })).data.data
        .ids,
  );

  // The model is built on first use, often after the app loaded the list: it starts from that list
  // (`modelBuilt`, fired once below: the shell runs unscoped; in a forked scope the app's list
  // arrives through the effect).
  const modelBuilt = createEvent();
  const $workspaces = createStore<WorkspaceResource[]>([])
    .on(app.fetchWorkspacesFx.doneData, (_, list) => list)
    // docs/product-contract.md#states-and-transitions: a new workspace comes first.
    .on(createWorkspaceFx.doneData, (list, created) => [created, ...list.filter((w) => w.id !== created.id)])
    .on(renameWorkspaceFx.doneData, (list, renamed) => list.map((w) => (w.id === renamed.id ? renamed : w)))
    .on(deleteWorkspacesFx.doneData, (list, ids) => list.filter((w) => !ids.includes(w.id)))
    // Emptied, not `reset`: a reset would go back to the starting list, the previous account's.
    .on([app.accountChanged, app.loggedOut], () => []);
  const $selection = createStore<Set<string>>(new Set())
    .on(selectionChanged, (_, next) => next)
    .on(deleteWorkspacesFx.doneData, (selection, ids) => new Set([...selection].filter((id) => !ids.includes(id))))
    .reset(app.accountChanged, app.loggedOut);

  sample({
    clock: createSubmitted,
    source: { accountId: app.$currentAccountId, pending: createWorkspaceFx.pending },
    filter: ({ accountId, pending }, name) => accountId !== null && !pending && name.trim() !== '',
    fn: ({ accountId }, name) => ({ accountId: accountId!, name: name.trim() }),
    target: createWorkspaceFx,
  });
  sample({
    clock: renameSubmitted,
    filter: ({ name }) => name.trim() !== '',
    fn: ({ workspaceId, name }) => ({ workspaceId, name: name.trim() }),
    target: renameWorkspaceFx,
  });
  sample({
    clock: deleteConfirmed,
    source: { accountId: app.$currentAccountId, selection: $selection, pending: deleteWorkspacesFx.pending },
    filter: ({ accountId, selection, pending }) => accountId !== null && selection.size > 0 && !pending,
    fn: ({ accountId, selection }) => ({ accountId: accountId!, ids: [...selection] }),
    target: deleteWorkspacesFx,
  });
  sample({
    clock: [reloadRequested, createWorkspaceFx.done, renameWorkspaceFx.done, deleteWorkspacesFx.done],
    target: app.workspacesReloadRequested,
  });

  announce(deps, createWorkspaceFx, {
    done: ACCOUNTS_MESSAGES.workspaceCreated,
    fail: ACCOUNTS_MESSAGES.workspaceNotCreated,
  });
  announce(deps, renameWorkspaceFx, {
    done: ACCOUNTS_MESSAGES.workspaceRenamed,
    fail: ACCOUNTS_MESSAGES.workspaceNotRenamed,
  });
  announce(deps, deleteWorkspacesFx, {
    done: ACCOUNTS_MESSAGES.workspacesDeleted,
    fail: ACCOUNTS_MESSAGES.workspacesNotDeleted,
  });
  sample({ clock: modelBuilt, source: app.$workspaces, target: $workspaces });
  modelBuilt();

  return {
    createSubmitted,
    renameSubmitted,
    selectionChanged,
    deleteConfirmed,
    reloadRequested,
    createWorkspaceFx,
    renameWorkspaceFx,
    deleteWorkspacesFx,
    $workspaces,
    $selection,
    $loading: app.fetchWorkspacesFx.pending,
    $creating: createWorkspaceFx.pending,
    $renaming: renameWorkspaceFx.pending,
    $deleting: deleteWorkspacesFx.pending,
  };
}

export type WorkspacesModel = ReturnType<typeof createWorkspacesModel>;
