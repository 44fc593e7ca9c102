import * as effector from 'effector';
import { type AccountResource } from '../../../../core';
import { ACCOUNTS_MESSAGES, ACCOUNTS_PATHS } from '../../common/accounts-contract';
import { announce, apiEffect, type AccountsModelDeps } from './model-kit';

const { createEvent, sample } = effector;

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Account settings (`/account`): the account's name and avatar. The app reloads its accounts after each change. */
export function createAccountSettingsModel(deps: AccountsModelDeps) {
  const { api, app } = deps;

  const renameSubmitted = createEvent<string>();
  const avatarChosen = createEvent<File>();

  const renameAccountFx = apiEffect(
    async ({ accountId, name }: { accountId: string; name: string }) =>
      (await api.put<{ data: AccountResource }>(ACCOUNTS_PATHS.renameAccount(accountId), { name })).data.data,
  );
  const changeAvatarFx = apiEffect(async ({ accountId, file }: { accountId: string; file: File }) => {
    const body = new FormData();
    body.append('avatar', file);
    return (await api.post<{ data: AccountResource }>(ACCOUNTS_PATHS.changeAvatar(accountId), body)).data.data;
  });

  sample({
    clock: renameSubmitted,
    source: { accountId: app.$currentAccountId, pending: renameAccountFx.pending },
    filter: ({ accountId, pending }, name) => accountId !== null && !pending && name.trim() !== '',
    fn: ({ accountId }, name) => ({ accountId: accountId!, name: name.trim() }),
    target: renameAccountFx,
  });

  // A wrong file never travels: told at once, with the reason.
  const avatarProblem = (file: File): string | null =>
    !AVATAR_TYPES.includes(file.type)
      ? 'Image must be a PNG, JPEG, WebP or GIF file'
      : file.size > AVATAR_MAX_BYTES
        ? 'Image is larger than 2 MB'
        : null;
  sample({
    clock: avatarChosen,
    filter: (file) => avatarProblem(file) !== null,
    fn: (file) => ({
      kind: 'error' as const,
      title: ACCOUNTS_MESSAGES.imageNotChanged,
      description: avatarProblem(file)!,
    }),
    target: deps.toast.shown,
  });
  sample({
    clock: avatarChosen,
    source: { accountId: app.$currentAccountId, pending: changeAvatarFx.pending },
    filter: ({ accountId, pending }, file) => accountId !== null && !pending && avatarProblem(file) === null,
    fn: ({ accountId }, file) => ({ accountId: accountId!, file }),
    target: changeAvatarFx,
  });
  // The account list (names, avatars) lives in the app model: it reloads with the user.
  sample({ clock: [renameAccountFx.done, changeAvatarFx.done], target: app.userRequested });

  announce(deps, renameAccountFx, {
    done: ACCOUNTS_MESSAGES.accountRenamed,
    fail: ACCOUNTS_MESSAGES.accountNotRenamed,
  });
  announce(deps, changeAvatarFx, { done: ACCOUNTS_MESSAGES.imageChanged, fail: ACCOUNTS_MESSAGES.imageNotChanged });

  return {
    renameSubmitted,
    avatarChosen,
    renameAccountFx,
    changeAvatarFx,
    $renaming: renameAccountFx.pending,
    $uploading: changeAvatarFx.pending,
  };
}

export type AccountSettingsModel = ReturnType<typeof createAccountSettingsModel>;
