import { combine, createEffect, createEvent, createStore, sample, type Event, type Store } from 'effector';
import type { ApiClient } from '../services/api-client';
import { ApiError } from '../services/api-client';
import { toastOnFailure, type ToastService } from '../services/toast-service';
import { chooseAccount, chooseWorkspace } from './current-selection';
import { createStateReader } from './state-reader';
import type {
  AccountResource,
  CurrentUserResponse,
  ShowWorkspacesResponse,
  UserResource,
  WorkspaceResource,
} from '../common/session-types';

export interface AppStartParams {
  accountId: string | null;
  workspaceId: string | null;
}

/**
 * App-level state every plugin builds on: who is logged in, their accounts, and the current
 * account and workspace (chosen as docs/product-contract.md#states-and-transitions says). Plugins reset workspace-scoped stores on
 * `workspaceChanged` and account-scoped ones on `accountChanged`.
 */
export function createAppModel({ api, toast }: { api: ApiClient; toast: ToastService }) {
  const appStarted = createEvent<AppStartParams>();
  /** Reload the user after the session changed (log-in, confirmation, profile change). */
  const userRequested = createEvent();
  const loggedOut = createEvent();
  const userUpdated = createEvent<UserResource>();
  const accountSelected = createEvent<string>();
  const workspaceSelected = createEvent<string>();
  const workspacesReloadRequested = createEvent();

  const fetchUserFx = createEffect(async (): Promise<CurrentUserResponse | null> => {
    try {
      return (await api.get<CurrentUserResponse>('/api/v1/users/')).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null; // logged out is not a failure
      throw error;
    }
  });
  const fetchWorkspacesFx = createEffect(
    async (accountId: string) =>
      (await api.get<ShowWorkspacesResponse>(`/api/v1/accounts/${encodeURIComponent(accountId)}/show_workspaces`)).data
        .data,
  );
  const saveLastUsedAccountFx = createEffect(async (accountId: string) => {
    await api.put('/api/v1/users/set_last_used_account', { accountId });
  });
  const saveLastUsedWorkspaceFx = createEffect(async (workspaceId: string) => {
    await api.put('/api/v1/users/set_last_used_workspace', { workspaceId });
  });

  const $startParams = createStore<AppStartParams>({ accountId: null, workspaceId: null })
    .on(appStarted, (_, params) => params)
    .reset(loggedOut);

  const $user = createStore<UserResource | null>(null)
    .on(fetchUserFx.doneData, (_, response) => response?.data ?? null)
    .on(userUpdated, (_, user) => user)
    .reset(loggedOut);
  /** True once we know whether someone is logged in; routes wait for it instead of flashing. */
  const $sessionChecked = createStore(false).on(fetchUserFx.finally, () => true);
  const $accounts = createStore<AccountResource[]>([])
    .on(fetchUserFx.doneData, (_, response) => response?.included ?? [])
    .reset(loggedOut);
  const $currentAccountId = createStore<string | null>(null).reset(loggedOut);
  const $workspaces = createStore<WorkspaceResource[]>([])
    .on(fetchWorkspacesFx.doneData, (_, list) => list)
    .reset(loggedOut, accountSelected);
  const $currentWorkspaceId = createStore<string | null>(null).reset(loggedOut);

  const $currentAccount = combine($accounts, $currentAccountId, (list, id) => list.find((a) => a.id === id) ?? null);
  const $currentWorkspace = combine(
    $workspaces,
    $currentWorkspaceId,
    (list, id) => list.find((w) => w.id === id) ?? null,
  );
  const $isAuthenticated = $user.map((user) => user !== null);
  const $isAccountAdmin = $currentAccount.map((account) => account?.attributes.role === 'admin');

  sample({ clock: [appStarted, userRequested], target: fetchUserFx });

  // Account: chosen after each user load (URL param only on the first), or picked by the user.
  sample({
    clock: fetchUserFx.doneData,
    source: { accounts: $accounts, user: $user, params: $startParams, current: $currentAccountId },
    filter: ({ user }) => user !== null,
    fn: ({ accounts, user, params, current }) => chooseAccount(accounts, user, params.accountId ?? current)?.id ?? null,
    target: $currentAccountId,
  });
  sample({ clock: accountSelected, target: [$currentAccountId, saveLastUsedAccountFx] });

  const accountChanged: Event<string | null> = sample({ clock: $currentAccountId.updates });
  // Workspaces are a member's: before the e-mail is confirmed and the survey answered the server
  // refuses them (403), which showed every newcomer a false "Workspaces cannot be loaded".
  const $isMember = $user.map(
    (user) => !!user && user.attributes.confirmedEmail && user.attributes.onboardingState !== 'survey',
  );
  // The account whose workspaces to show: one update even when the account and the membership
  // change in the same step (the first user load), so the list is asked for once.
  const $workspacesOf = combine($currentAccountId, $isMember, (accountId, member) => (member ? accountId : null));
  sample({
    clock: [$workspacesOf.updates, workspacesReloadRequested],
    source: $workspacesOf,
    filter: (id): id is string => id !== null,
    target: fetchWorkspacesFx,
  });

  // Workspace: chosen whenever the workspace list arrives, keeping the current one if it still exists.
  // Through an event so the URL params are forgotten only after this choice read them (resetting
  // on fetchWorkspacesFx.done cleared them before this sample ran, and the URL workspace was lost).
  const workspaceChosen = sample({
    clock: fetchWorkspacesFx.doneData,
    source: { account: $currentAccount, user: $user, params: $startParams, current: $currentWorkspaceId },
    fn: ({ account, user, params, current }, workspaces) =>
      chooseWorkspace(workspaces, account, user, params.workspaceId ?? current)?.id ?? null,
  });
  sample({ clock: workspaceChosen, target: $currentWorkspaceId });
  $startParams.reset(workspaceChosen);
  sample({ clock: workspaceSelected, target: [$currentWorkspaceId, saveLastUsedWorkspaceFx] });
  // Remember the choice locally too, so switching accounts back and forth returns to it.
  sample({
    clock: workspaceSelected,
    source: { accounts: $accounts, workspaces: $workspaces },
    fn: ({ accounts, workspaces }, workspaceId) => {
      const accountId = workspaces.find((w) => w.id === workspaceId)?.attributes.accountId;
      return accounts.map((a) =>
        a.id === accountId ? { ...a, attributes: { ...a.attributes, lastUsedWorkspaceId: workspaceId } } : a,
      );
    },
    target: $accounts,
  });

  /** Fires on every change of the current workspace; plugins reset and reload their stores on it. */
  const workspaceChanged: Event<string | null> = sample({ clock: $currentWorkspaceId.updates });

  toastOnFailure(toast, fetchUserFx.fail, 'User details cannot be loaded');
  toastOnFailure(toast, saveLastUsedAccountFx.fail, 'Last used account cannot be saved');
  toastOnFailure(toast, saveLastUsedWorkspaceFx.fail, 'Last used workspace cannot be saved');
  toastOnFailure(toast, fetchWorkspacesFx.fail, 'Workspaces cannot be loaded');

  return {
    appStarted,
    userRequested,
    userUpdated,
    loggedOut,
    accountSelected,
    workspaceSelected,
    workspacesReloadRequested,
    accountChanged,
    workspaceChanged,
    fetchUserFx,
    fetchWorkspacesFx,
    saveLastUsedAccountFx,
    saveLastUsedWorkspaceFx,
    $user: $user as Store<UserResource | null>,
    $sessionChecked,
    $isAuthenticated,
    $isAccountAdmin,
    $accounts,
    /** The accounts as they are now, for commands (`await app.readAccountsFx()`). */
    readAccountsFx: createStateReader($accounts),
    $currentAccountId,
    $currentAccount,
    $workspaces,
    readWorkspacesFx: createStateReader($workspaces),
    $currentWorkspaceId,
    $currentWorkspace,
  };
}

export type AppModel = ReturnType<typeof createAppModel>;
