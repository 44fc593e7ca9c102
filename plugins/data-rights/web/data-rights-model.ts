import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ShellChrome, type ToastService } from '../../../core';
import {
  DATA_RIGHTS_PATHS,
  type AccountDeletionAttributes,
  type AccountExportResource,
} from '../common/data-rights-contract';

const { createEvent, createStore, sample } = effector;

export interface DataRightsModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
  chrome: Pick<ShellChrome, 'followProgress'>;
  /** Loads the app again at `path` (after one's own user is deleted: a fresh start, logged out). */
  leave(path: string): void;
}

/** The progress panel's source id of account exports (index.ts contributes it). */
export const EXPORT_PROGRESS_SOURCE = 'data-rights';

/**
 * Take everything out and erase, in the browser, one way: event -> sample -> effect -> store.
 * The account settings' section (exports, the account's deletion), the profile's section (one's
 * own user) and the palette commands use it.
 */
export function createDataRightsModel(deps: DataRightsModelDeps) {
  const { api } = deps;
  const opened = createEvent<string>();
  const exportRequested = createEvent<{ accountId: string; includeMedia: boolean }>();
  const deletionRequested = createEvent<{ accountId: string; confirm: string }>();
  const deletionCancelled = createEvent<string>();
  const userDeletionRequested = createEvent<string>();

  const loadFx = apiEffect(async (accountId: string) => {
    const [exports, deletion] = await Promise.all([
      api.get<{ data: AccountExportResource[] }>(DATA_RIGHTS_PATHS.exports, { params: { accountId } }),
      api.get<{ data: AccountDeletionAttributes | null }>(DATA_RIGHTS_PATHS.deletions, { params: { accountId } }),
    ]);
    return { exports: exports.data.data, deletion: deletion.data.data };
  });
  const exportFx = apiEffect(
    async (body: { accountId: string; includeMedia: boolean }) =>
      (await api.post<{ data: AccountExportResource }>(DATA_RIGHTS_PATHS.exports, body)).data.data,
  );
  const deleteFx = apiEffect(
    async (body: { accountId: string; confirm: string }) =>
      (await api.post<{ data: AccountDeletionAttributes }>(DATA_RIGHTS_PATHS.deletions, body)).data.data,
  );
  const keepFx = apiEffect(async (accountId: string) => {
    await api.delete(DATA_RIGHTS_PATHS.deletion(accountId));
  });
  const deleteUserFx = apiEffect(async (confirm: string) => {
    await api.delete(DATA_RIGHTS_PATHS.ownUser, { confirm });
  });
  const followFx = effector.createEffect((id: string) =>
    deps.chrome.followProgress({ sourceId: EXPORT_PROGRESS_SOURCE, id }),
  );
  const leaveFx = effector.createEffect(() => deps.leave('/users/sign_in'));

  const $accountId = createStore<string | null>(null).on(opened, (_, id) => id);
  const $exports = createStore<AccountExportResource[]>([])
    .on(loadFx.doneData, (_, loaded) => loaded.exports)
    .on(exportFx.doneData, (list, made) => [made, ...list.filter((e) => e.id !== made.id)])
    .reset(opened);
  const $deletion = createStore<AccountDeletionAttributes | null>(null)
    .on(loadFx.doneData, (_, loaded) => loaded.deletion)
    .on(deleteFx.doneData, (_, deletion) => deletion)
    .on(keepFx.done, () => null)
    .reset(opened);
  const $loaded = createStore(false)
    .on(loadFx.done, () => true)
    .reset(opened);

  const $userDeletionError = createStore<string | null>(null)
    .on(deleteUserFx.failData, (_, error) => error.message)
    .reset(userDeletionRequested);
  const $deletionError = createStore<string | null>(null)
    .on(deleteFx.failData, (_, error) => error.message)
    .reset([deletionRequested, opened]);

  sample({ clock: opened, target: loadFx });
  sample({ clock: exportRequested, target: exportFx });
  sample({ clock: exportFx.doneData, fn: (made) => made.id, target: followFx });
  sample({ clock: deletionRequested, target: deleteFx });
  sample({ clock: deletionCancelled, target: keepFx });
  sample({ clock: userDeletionRequested, target: deleteUserFx });
  sample({ clock: deleteUserFx.done, target: leaveFx });

  announceEffect(deps, 'data-rights', loadFx, { fail: 'Exports and deletion could not be loaded' });
  announceEffect(deps, 'data-rights', exportFx, {
    done: 'Export asked for: it is followed in the progress panel, and mailed when ready',
    fail: 'The export could not be asked for',
  });
  announceEffect(deps, 'data-rights', deleteFx, {
    done: 'The account will be deleted in 14 days; every admin got a mail to undo it',
    fail: 'The account could not be deleted',
  });
  announceEffect(deps, 'data-rights', keepFx, {
    done: 'The account is kept',
    fail: 'The deletion could not be undone',
  });
  announceEffect(deps, 'data-rights', deleteUserFx, {
    done: 'Your user was deleted',
    fail: 'Your user could not be deleted',
  });

  return {
    opened,
    exportRequested,
    deletionRequested,
    deletionCancelled,
    userDeletionRequested,
    $accountId,
    $exports,
    $deletion,
    $loaded,
    $exporting: exportFx.pending,
    $deleting: deleteFx.pending,
    $deletingUser: deleteUserFx.pending,
    $userDeletionError,
    $deletionError,
    exportFx,
    deleteUserFx,
  };
}

export type DataRightsModel = ReturnType<typeof createDataRightsModel>;
