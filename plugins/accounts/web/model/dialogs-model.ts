import * as effector from 'effector';

const { createEvent, createStore } = effector;

/** The popups the spec names; which one is open lives in the model so palette commands can open them. */
export type AccountsDialog =
  | { kind: 'account' }
  | { kind: 'createWorkspace' }
  | { kind: 'renameWorkspace'; workspaceId: string }
  | { kind: 'deleteWorkspaces' }
  | { kind: 'createAccountUser' }
  | { kind: 'deleteAccountUsers' }
  | { kind: 'manageWorkspaceAccess'; accountUserId: string };

export function createDialogsModel({ closeOn }: { closeOn: effector.Unit<unknown>[] }) {
  const dialogOpened = createEvent<AccountsDialog>();
  const dialogClosed = createEvent();
  const $dialog = createStore<AccountsDialog | null>(null)
    .on(dialogOpened, (_, dialog) => dialog)
    .reset(dialogClosed, ...(closeOn as effector.Unit<any>[]));
  return { dialogOpened, dialogClosed, $dialog };
}
