import * as effector from 'effector';
import {
  ACCOUNTS_MESSAGES,
  ACCOUNTS_PATHS,
  type AccountRole,
  type AccountUserResource,
  type AccountUsersResponse,
  type CreateAccountUsersResponse,
  type InvitationResource,
  type WorkspaceUserResource,
} from '../../common/accounts-contract';
import { PLAN_LIMIT_CODE } from '../../../../core/common/plan-refusal';
import { announce, apiEffect, type AccountsModelDeps } from './model-kit';

const { createEvent, createStore, sample, combine } = effector;

interface PageRequest {
  accountId: string;
  search: string;
  page: number;
}

/** A row of the members table: an account user, or an address invited and not signed up yet. */
export type MemberRow =
  | { kind: 'user'; id: string; user: AccountUserResource }
  | { kind: 'invitation'; id: string; invitation: InvitationResource };

export const invitationRowId = (id: string) => `invitation-${id}`;

/** "Joined: Ann Lee. Invitation mailed to bo@example.com." — what an invite did, for its toast. */
export function invitationOutcome({ data, included, meta }: CreateAccountUsersResponse): string {
  const list = (items: string[]) => items.join(', ');
  return [
    data.length > 0 && `Joined: ${list(data.map((u) => u.attributes.name || u.attributes.email))}.`,
    included.length > 0 &&
      `${included.length === 1 ? 'Invitation' : 'Invitations'} mailed to ${list(included.map((i) => i.attributes.email))}.`,
    meta.alreadyMembers.length > 0 && `Already members: ${list(meta.alreadyMembers)}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The members table (`/account/members`): account users page by page (25), searchable, with a
 * selection for bulk removal, a role per row and the workspace access of each. Changing account
 * clears the list (docs/product-contract.md#states-and-transitions); an open page then loads the new account's users.
 */
export function createMembersModel(deps: AccountsModelDeps) {
  const { api, app } = deps;

  const pageOpened = createEvent();
  const pageClosed = createEvent();
  const searchChanged = createEvent<string>();
  const nextPageRequested = createEvent();
  const reloadRequested = createEvent();
  const selectionChanged = createEvent<Set<string>>();
  const deleteConfirmed = createEvent();
  const roleChanged = createEvent<{ accountUserId: string; role: AccountRole }>();
  const inviteSubmitted = createEvent<{ emails: string[]; role: AccountRole }>();
  const accessGranted = createEvent<{ accountUserIds: string[]; workspaceIds: string[] }>();
  const accessRemoved = createEvent<string>();

  const fetchAccountUsersFx = apiEffect(async ({ accountId, search, page }: PageRequest) => {
    const params: Record<string, unknown> = { accountId, page };
    if (search) params.search = search;
    return (await api.get<AccountUsersResponse>(ACCOUNTS_PATHS.accountUsers, { params })).data;
  });
  const deleteAccountUsersFx = apiEffect(
    async (body: { accountId: string; ids: string[]; invitationIds: string[] }) =>
      (await api.delete<{ data: { ids: string[]; invitationIds: string[] } }>(ACCOUNTS_PATHS.deleteAccountUsers, body))
        .data.data,
  );
  const changeRoleFx = apiEffect(
    async ({ accountUserId, role }: { accountUserId: string; role: AccountRole }) =>
      (await api.put<{ data: AccountUserResource }>(ACCOUNTS_PATHS.changeRole(accountUserId), { role })).data.data,
  );
  const createAccountUsersFx = apiEffect(
    async ({ accountId, ...body }: { accountId: string; emails: string[]; role: AccountRole }) =>
      (await api.post<CreateAccountUsersResponse>(ACCOUNTS_PATHS.createAccountUsers(accountId), body)).data,
  );
  const createWorkspaceUsersFx = apiEffect(
    async (body: { accountId: string; accountUserIds: string[]; workspaceIds: string[] }) =>
      (await api.post<{ data: WorkspaceUserResource[] }>(ACCOUNTS_PATHS.createWorkspaceUsers, body)).data.data,
  );
  const deleteWorkspaceUserFx = apiEffect(
    async (workspaceUserId: string) =>
      (await api.delete<{ data: WorkspaceUserResource }>(ACCOUNTS_PATHS.deleteWorkspaceUser(workspaceUserId))).data
        .data,
  );

  const $pageOpen = createStore(false)
    .on(pageOpened, () => true)
    .on(pageClosed, () => false);
  const $search = createStore('').reset(app.accountChanged);
  // Typing a space, or the box's first render, is not a new search.
  const searchUpdated = sample({
    clock: searchChanged,
    source: $search,
    filter: (current, next) => current !== next.trim(),
    fn: (_, next) => next.trim(),
  });
  $search.on(searchUpdated, (_, search) => search);
  /** The request whose answer the list shows (answers to older requests are dropped). */
  const $lastRequest = createStore<PageRequest | null>(null)
    .on(fetchAccountUsersFx, (_, request) => request)
    .reset(app.accountChanged, app.loggedOut);
  const pageLoaded = sample({
    clock: fetchAccountUsersFx.done,
    source: $lastRequest,
    filter: (last, { params }) =>
      last !== null &&
      last.accountId === params.accountId &&
      last.search === params.search &&
      last.page === params.page,
    fn: (_, { result }) => result,
  });

  const $users = createStore<AccountUserResource[]>([])
    .on(pageLoaded, (list, page) =>
      page.meta.page === 1 ? page.data : [...list, ...page.data.filter((u) => !list.some((o) => o.id === u.id))],
    )
    .on(createAccountUsersFx.doneData, (list, created) => [
      ...list,
      ...created.data.filter((u) => !list.some((o) => o.id === u.id)),
    ])
    .on(changeRoleFx.doneData, (list, changed) => list.map((u) => (u.id === changed.id ? changed : u)))
    .on(deleteAccountUsersFx.doneData, (list, removed) => list.filter((u) => !removed.ids.includes(u.id)))
    .on(createWorkspaceUsersFx.doneData, (list, granted) =>
      list.map((user) => {
        const mine = granted.filter((g) => g.attributes.accountUserId === user.id);
        if (mine.length === 0) return user;
        const known = new Set(user.attributes.workspaceUsers.map((w) => w.id));
        const added = mine.filter((g) => !known.has(g.id)).map((g) => ({ id: g.id, ...g.attributes }));
        return {
          ...user,
          attributes: { ...user.attributes, workspaceUsers: [...user.attributes.workspaceUsers, ...added] },
        };
      }),
    )
    .on(deleteWorkspaceUserFx.doneData, (list, removed) =>
      list.map((user) =>
        user.id === removed.attributes.accountUserId
          ? {
              ...user,
              attributes: {
                ...user.attributes,
                workspaceUsers: user.attributes.workspaceUsers.filter((w) => w.id !== removed.id),
              },
            }
          : user,
      ),
    )
    .reset(app.accountChanged, app.loggedOut);
  const $invitations = createStore<InvitationResource[]>([])
    .on(pageLoaded, (list, page) => (page.meta.page === 1 ? page.included : list))
    .on(createAccountUsersFx.doneData, (list, created) => [
      ...list.filter((i) => !created.included.some((n) => n.id === i.id)),
      ...created.included,
    ])
    .on(deleteAccountUsersFx.doneData, (list, removed) => list.filter((i) => !removed.invitationIds.includes(i.id)))
    .reset(app.accountChanged, app.loggedOut);
  const $page = createStore(0)
    .on(pageLoaded, (_, page) => page.meta.page)
    .reset(app.accountChanged, app.loggedOut);
  const $hasMore = createStore(false)
    .on(pageLoaded, (_, page) => page.meta.hasMore)
    .reset(app.accountChanged, app.loggedOut);
  const $total = createStore(0)
    .on(pageLoaded, (_, page) => page.meta.total)
    .reset(app.accountChanged, app.loggedOut);
  /** The plan's refusal of an invitation (no seat left), shown in the popup with the way to upgrade; null otherwise. */
  const $seatRefusal = createStore<string | null>(null)
    .on(createAccountUsersFx.failData, (_, error) => (error.code === PLAN_LIMIT_CODE ? error.message : null))
    .reset(inviteSubmitted, createAccountUsersFx.done, app.accountChanged, app.loggedOut);
  const $selection = createStore<Set<string>>(new Set())
    .on(selectionChanged, (_, next) => next)
    .reset(
      app.accountChanged,
      app.loggedOut,
      deleteAccountUsersFx.done,
      sample({ clock: pageLoaded, filter: (page) => page.meta.page === 1 }),
    );

  const $rows = combine($invitations, $users, (invitations, users): MemberRow[] => [
    ...invitations.map((invitation) => ({
      kind: 'invitation' as const,
      id: invitationRowId(invitation.id),
      invitation,
    })),
    ...users.map((user) => ({ kind: 'user' as const, id: user.id, user })),
  ]);

  // Page 1 on open, on a new search, on reload, when the account changes under an open page, and
  // after people are invited or removed: the count shown (and the server's order) stays true.
  const firstPageWanted = sample({
    clock: [
      pageOpened,
      searchUpdated,
      reloadRequested,
      app.accountChanged,
      createAccountUsersFx.done,
      deleteAccountUsersFx.done,
    ],
    source: { accountId: app.$currentAccountId, search: $search, open: $pageOpen },
    filter: ({ accountId, open }) => accountId !== null && open,
    fn: ({ accountId, search }): PageRequest => ({ accountId: accountId!, search, page: 1 }),
  });
  sample({ clock: firstPageWanted, target: fetchAccountUsersFx });
  // Only the next consecutive page is appended (docs/product-contract.md#states-and-transitions).
  sample({
    clock: nextPageRequested,
    source: {
      accountId: app.$currentAccountId,
      search: $search,
      page: $page,
      hasMore: $hasMore,
      pending: fetchAccountUsersFx.pending,
    },
    filter: ({ accountId, hasMore, pending, page }) => accountId !== null && hasMore && !pending && page > 0,
    fn: ({ accountId, search, page }): PageRequest => ({ accountId: accountId!, search, page: page + 1 }),
    target: fetchAccountUsersFx,
  });

  sample({
    clock: deleteConfirmed,
    source: { accountId: app.$currentAccountId, selection: $selection, pending: deleteAccountUsersFx.pending },
    filter: ({ accountId, selection, pending }) => accountId !== null && selection.size > 0 && !pending,
    fn: ({ accountId, selection }) => {
      const ids = [...selection];
      return {
        accountId: accountId!,
        ids: ids.filter((id) => !id.startsWith('invitation-')),
        invitationIds: ids.filter((id) => id.startsWith('invitation-')).map((id) => id.slice('invitation-'.length)),
      };
    },
    target: deleteAccountUsersFx,
  });
  sample({ clock: roleChanged, target: changeRoleFx });
  sample({
    clock: inviteSubmitted,
    source: app.$currentAccountId,
    filter: (accountId, { emails }) => accountId !== null && emails.length > 0,
    fn: (accountId, body) => ({ accountId: accountId!, ...body }),
    target: createAccountUsersFx,
  });
  sample({
    clock: accessGranted,
    source: app.$currentAccountId,
    filter: (accountId, { accountUserIds, workspaceIds }) =>
      accountId !== null && accountUserIds.length > 0 && workspaceIds.length > 0,
    fn: (accountId, body) => ({ accountId: accountId!, ...body }),
    target: createWorkspaceUsersFx,
  });
  sample({ clock: accessRemoved, target: deleteWorkspaceUserFx });

  // My own role or membership changed: the app reloads who I am (admin actions, workspaces).
  sample({
    clock: [changeRoleFx.doneData.map((u) => u.attributes.userId), deleteAccountUsersFx.done.map(() => null)],
    source: app.$user,
    filter: (user, changedUserId) => user !== null && (changedUserId === null || changedUserId === user.id),
    target: app.userRequested,
  });

  announce(deps, fetchAccountUsersFx, { fail: ACCOUNTS_MESSAGES.accountUsersNotLoaded });
  announce(deps, deleteAccountUsersFx, {
    done: ACCOUNTS_MESSAGES.accountUsersDeleted,
    fail: ACCOUNTS_MESSAGES.accountUsersNotDeleted,
  });
  announce(deps, changeRoleFx, { done: ACCOUNTS_MESSAGES.roleChanged, fail: ACCOUNTS_MESSAGES.roleNotChanged });
  // The contract's (docs/product-contract.md#messages) one success text for create_account_users is 'Account users created', kept verbatim as
  // the title (issue 21.10: the spec does say so); the description says what really happened, as an
  // invitation creates no user yet: who joined, who was mailed an invitation, who was already in.
  announce(deps, createAccountUsersFx, { fail: ACCOUNTS_MESSAGES.accountUsersNotCreated });
  sample({
    clock: createAccountUsersFx.doneData,
    fn: (created) => ({
      kind: 'success' as const,
      title: ACCOUNTS_MESSAGES.accountUsersCreated,
      description: invitationOutcome(created),
    }),
    target: deps.toast.shown,
  });
  announce(deps, createWorkspaceUsersFx, {
    done: ACCOUNTS_MESSAGES.workspaceUsersCreated,
    fail: ACCOUNTS_MESSAGES.workspaceUsersNotCreated,
  });
  announce(deps, deleteWorkspaceUserFx, {
    done: ACCOUNTS_MESSAGES.workspaceUserDeleted,
    fail: ACCOUNTS_MESSAGES.workspaceUserNotDeleted,
  });

  return {
    pageOpened,
    pageClosed,
    searchChanged,
    nextPageRequested,
    reloadRequested,
    selectionChanged,
    deleteConfirmed,
    roleChanged,
    inviteSubmitted,
    accessGranted,
    accessRemoved,
    fetchAccountUsersFx,
    deleteAccountUsersFx,
    changeRoleFx,
    createAccountUsersFx,
    createWorkspaceUsersFx,
    deleteWorkspaceUserFx,
    $users,
    $invitations,
    $rows,
    $search,
    $page,
    $hasMore,
    $total,
    $selection,
    $seatRefusal,
    $loading: fetchAccountUsersFx.pending,
    $deleting: deleteAccountUsersFx.pending,
    $changingRole: changeRoleFx.pending,
    $inviting: createAccountUsersFx.pending,
    $granting: createWorkspaceUsersFx.pending,
    $removingAccess: deleteWorkspaceUserFx.pending,
  };
}

export type MembersModel = ReturnType<typeof createMembersModel>;
