import { TOKENS, type Container } from '../../../core';
import { createAccountSettingsModel } from './model/account-settings-model';
import { createDialogsModel } from './model/dialogs-model';
import { createMembersModel } from './model/members-model';
import type { AccountsModelDeps } from './model/model-kit';
import { createWorkspacesModel } from './model/workspaces-model';

/**
 * The accounts plugin's Effector units: account settings, workspaces, members, and which popup is
 * open. Each load, save and delete is its own effect with its own pending flag (docs/product-contract.md#states-and-transitions).
 */
export function createAccountsModel(deps: AccountsModelDeps) {
  const settings = createAccountSettingsModel(deps);
  const workspaces = createWorkspacesModel(deps);
  const members = createMembersModel(deps);
  // A popup closes when its call succeeds (or when the account changes under it); on failure it stays, with the toast.
  const dialogs = createDialogsModel({
    closeOn: [
      deps.app.accountChanged,
      deps.app.loggedOut,
      settings.renameAccountFx.done,
      workspaces.createWorkspaceFx.done,
      workspaces.renameWorkspaceFx.done,
      workspaces.deleteWorkspacesFx.done,
      members.createAccountUsersFx.done,
      members.deleteAccountUsersFx.done,
    ],
  });
  return {
    app: deps.app,
    settings,
    workspaces,
    members,
    dialogs,
    $isAccountAdmin: deps.app.$isAccountAdmin,
    $currentAccount: deps.app.$currentAccount,
  };
}

export type AccountsModel = ReturnType<typeof createAccountsModel>;

/** Builds the model from the shell's services; called once per container by `loadAccountsModel`. */
export function buildAccountsModel(container: Container): AccountsModel {
  return createAccountsModel({
    api: container.get(TOKENS.ApiClient),
    toast: container.get(TOKENS.ToastService),
    app: container.get(TOKENS.AppModel),
    logger: console,
  });
}
