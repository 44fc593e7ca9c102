import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core';
import type { AccountUserResource, AccountUsersResponse } from '../common/accounts-contract';
import { createAccountsTestKit, workspace, type RecordedCall } from './testing/accounts-test-kit';

function accountUser(id: string, role: 'admin' | 'member' = 'member', userId = `user-${id}`): AccountUserResource {
  return {
    id,
    type: 'account_user',
    attributes: { role, userId, name: `Person ${id}`, email: `${id}@example.com`, avatarUrl: null, workspaceUsers: [] },
  };
}

function page(
  ids: string[],
  pageNumber: number,
  hasMore: boolean,
  included: AccountUsersResponse['included'] = [],
): AccountUsersResponse {
  return {
    data: ids.map((id) => accountUser(id)),
    included,
    meta: { page: pageNumber, perPage: 25, total: 99, hasMore },
  };
}

describe('workspaces', () => {
  it('creating one puts it first, reloads the app workspaces (switcher), toasts and closes the popup', async () => {
    const kit = await startedKit();
    const { workspaces, dialogs } = kit.model;
    kit.api.reply('POST', '/api/v1/accounts/a1/create_workspace', { data: workspace('w2') });
    await allSettled(dialogs.dialogOpened, { scope: kit.scope, params: { kind: 'createWorkspace' } });
    kit.api.reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w2'), workspace('w1')] });

    await allSettled(workspaces.createSubmitted, { scope: kit.scope, params: '  Dubbing  ' });
    expect(kit.api.callsTo('POST', '/api/v1/accounts/a1/create_workspace')[0].body).toEqual({ name: 'Dubbing' });
    expect(kit.scope.getState(workspaces.$workspaces).map((w) => w.id)).toEqual(['w2', 'w1']);
    expect(kit.scope.getState(kit.app.$workspaces).map((w) => w.id)).toEqual(['w2', 'w1']);
    expect(kit.api.callsTo('GET', '/api/v1/accounts/a1/show_workspaces')).toHaveLength(2);
    expect(kit.toasts()).toContainEqual({ kind: 'success', title: 'Workspace created', description: undefined });
    expect(kit.scope.getState(dialogs.$dialog)).toBeNull();
    expect(kit.scope.getState(workspaces.$creating)).toBe(false);
  });

  it('a refused creation keeps the popup open and tells why', async () => {
    const kit = await startedKit();
    kit.api.reply(
      'POST',
      '/api/v1/accounts/a1/create_workspace',
      new ApiError('Only account admins can do this', 403, 'forbidden'),
    );
    await allSettled(kit.model.dialogs.dialogOpened, { scope: kit.scope, params: { kind: 'createWorkspace' } });
    await allSettled(kit.model.workspaces.createSubmitted, { scope: kit.scope, params: 'Dubbing' });
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Workspace cannot be created', description: 'Only account admins can do this' },
    ]);
    expect(kit.scope.getState(kit.model.dialogs.$dialog)).toEqual({ kind: 'createWorkspace' });
    expect(kit.scope.getState(kit.model.workspaces.$workspaces).map((w) => w.id)).toEqual(['w1']);
    expect(kit.logged).toHaveLength(1);
  });

  it('deletes the selected workspaces in one call', async () => {
    const kit = await startedKit();
    kit.api.reply('GET', '/api/v1/accounts/a1/show_workspaces', {
      data: [workspace('w3'), workspace('w2'), workspace('w1')],
    });
    await allSettled(kit.app.workspacesReloadRequested, { scope: kit.scope });
    kit.api.reply('DELETE', '/api/v1/workspaces/', { data: { ids: ['w3', 'w2'] } });
    await allSettled(kit.model.workspaces.selectionChanged, { scope: kit.scope, params: new Set(['w3', 'w2']) });
    kit.api.reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w1')] });
    await allSettled(kit.model.workspaces.deleteConfirmed, { scope: kit.scope });
    expect(kit.api.callsTo('DELETE', '/api/v1/workspaces/')[0].body).toEqual({ accountId: 'a1', ids: ['w3', 'w2'] });
    expect(kit.scope.getState(kit.model.workspaces.$workspaces).map((w) => w.id)).toEqual(['w1']);
    expect(kit.scope.getState(kit.model.workspaces.$selection).size).toBe(0);
    expect(kit.toasts().map((t) => t.title)).toEqual(['Workspace(s) deleted']);
  });
});

describe('members', () => {
  it('loads page 1 on open, appends only the next page, and drops answers to an older search', async () => {
    const kit = await startedKit();
    const { members } = kit.model;
    kit.api.reply('GET', '/api/v1/account_users', ({ params }: RecordedCall) =>
      params?.page === 1
        ? page(['m1', 'm2'], 1, true, [
            {
              id: 'i1',
              type: 'account_invitation',
              attributes: { email: 'new@example.com', role: 'member', pending: true },
            },
          ])
        : page(['m3'], 2, false),
    );
    await allSettled(members.pageOpened, { scope: kit.scope });
    expect(kit.api.callsTo('GET', '/api/v1/account_users')[0].params).toEqual({ accountId: 'a1', page: 1 });
    await allSettled(members.nextPageRequested, { scope: kit.scope });
    await allSettled(members.nextPageRequested, { scope: kit.scope }); // no more pages: no call
    expect(kit.api.callsTo('GET', '/api/v1/account_users')).toHaveLength(2);
    expect(kit.scope.getState(members.$rows).map((r) => r.id)).toEqual(['invitation-i1', 'm1', 'm2', 'm3']);

    let releaseOld: () => void = () => {};
    kit.api.reply('GET', '/api/v1/account_users', ({ params }: RecordedCall) =>
      params?.search === 'ol'
        ? new Promise((resolve) => (releaseOld = () => resolve(page(['old'], 1, false))))
        : page(['bob'], 1, false),
    );
    const older = allSettled(members.searchChanged, { scope: kit.scope, params: 'ol' });
    const newer = allSettled(members.searchChanged, { scope: kit.scope, params: 'bob' });
    await new Promise((resolve) => setTimeout(resolve, 0)); // 'bob' has answered; 'ol' answers last
    expect(kit.scope.getState(members.$users).map((u) => u.id)).toEqual(['bob']);
    releaseOld();
    await Promise.all([older, newer]);
    expect(kit.scope.getState(members.$users).map((u) => u.id)).toEqual(['bob']);
  });

  it('changing account clears the account users and loads the new account (workspaces and users)', async () => {
    const kit = await startedKit();
    const { members } = kit.model;
    kit.api.reply('GET', '/api/v1/account_users', ({ params }: RecordedCall) =>
      page(params?.accountId === 'a1' ? ['m1'] : ['x1', 'x2'], 1, false),
    );
    await allSettled(members.pageOpened, { scope: kit.scope });
    await allSettled(members.selectionChanged, { scope: kit.scope, params: new Set(['m1']) });
    await allSettled(members.pageClosed, { scope: kit.scope });

    await allSettled(kit.app.accountSelected, { scope: kit.scope, params: 'a2' });
    expect(kit.scope.getState(members.$users)).toEqual([]);
    expect(kit.scope.getState(members.$selection).size).toBe(0);
    expect(kit.scope.getState(kit.app.$workspaces).map((w) => w.id)).toEqual(['w9']);
    expect(kit.scope.getState(kit.model.workspaces.$workspaces).map((w) => w.id)).toEqual(['w9']);

    await allSettled(members.pageOpened, { scope: kit.scope });
    expect(kit.scope.getState(members.$users).map((u) => u.id)).toEqual(['x1', 'x2']);
    expect(kit.api.callsTo('GET', '/api/v1/account_users').at(-1)!.params).toEqual({ accountId: 'a2', page: 1 });
  });

  it('removes the selected people and invitations in one call, after confirmation', async () => {
    const kit = await startedKit();
    const { members } = kit.model;
    kit.api.reply(
      'GET',
      '/api/v1/account_users',
      page(['m1', 'm2', 'm3'], 1, false, [
        { id: 'i7', type: 'account_invitation', attributes: { email: 'x@example.com', role: 'member', pending: true } },
      ]),
    );
    await allSettled(members.pageOpened, { scope: kit.scope });
    kit.api.reply('DELETE', '/api/v1/account_users/', { data: { ids: ['m1', 'm3'], invitationIds: ['i7'] } });
    kit.api.reply('GET', '/api/v1/account_users', {
      ...page(['m2'], 1, false),
      meta: { page: 1, perPage: 25, total: 1, hasMore: false },
    });
    await allSettled(members.selectionChanged, { scope: kit.scope, params: new Set(['m1', 'm3', 'invitation-i7']) });
    await allSettled(kit.model.dialogs.dialogOpened, { scope: kit.scope, params: { kind: 'deleteAccountUsers' } });
    await allSettled(members.deleteConfirmed, { scope: kit.scope });
    expect(kit.api.callsTo('DELETE', '/api/v1/account_users/')[0].body).toEqual({
      accountId: 'a1',
      ids: ['m1', 'm3'],
      invitationIds: ['i7'],
    });
    expect(kit.scope.getState(members.$rows).map((r) => r.id)).toEqual(['m2']);
    expect(kit.scope.getState(members.$total)).toBe(1);
    expect(kit.toasts().map((t) => t.title)).toEqual(['Account user(s) deleted']);
    expect(kit.scope.getState(kit.model.dialogs.$dialog)).toBeNull();
  });

  it('changes a role (row updated, "Role changed") and reports a refusal with the server reason', async () => {
    const kit = await startedKit();
    const { members } = kit.model;
    kit.api.reply('GET', '/api/v1/account_users', page(['m1'], 1, false));
    await allSettled(members.pageOpened, { scope: kit.scope });
    kit.api.reply('PUT', '/api/v1/account_users/m1/change_role', { data: accountUser('m1', 'admin') });
    await allSettled(members.roleChanged, { scope: kit.scope, params: { accountUserId: 'm1', role: 'admin' } });
    expect(kit.scope.getState(members.$users)[0].attributes.role).toBe('admin');
    expect(kit.toasts().map((t) => t.title)).toEqual(['Role changed']);

    kit.api.reply(
      'PUT',
      '/api/v1/account_users/m1/change_role',
      new ApiError('The last admin of an account cannot be demoted', 422, 'last_admin'),
    );
    await allSettled(members.roleChanged, { scope: kit.scope, params: { accountUserId: 'm1', role: 'member' } });
    expect(kit.toasts().at(-1)).toEqual({
      kind: 'error',
      title: 'Role could not be changed',
      description: 'The last admin of an account cannot be demoted',
    });
    expect(kit.scope.getState(members.$users)[0].attributes.role).toBe('admin');
    expect(kit.scope.getState(members.$changingRole)).toBe(false);
  });

  it('invites by e-mail and grants workspace access, merging the answers into the rows', async () => {
    const kit = await startedKit();
    const { members } = kit.model;
    kit.api.reply('GET', '/api/v1/account_users', page(['m1'], 1, false));
    await allSettled(members.pageOpened, { scope: kit.scope });
    kit.api.reply('POST', '/api/v1/accounts/a1/create_account_users', {
      data: [accountUser('m2')],
      included: [
        {
          id: 'i1',
          type: 'account_invitation',
          attributes: { email: 'new@example.com', role: 'member', pending: true },
        },
      ],
      meta: { alreadyMembers: [] },
    });
    // After the invitation page 1 comes again: the count shown is the server's, not the one before.
    const invitation = {
      id: 'i1',
      type: 'account_invitation' as const,
      attributes: { email: 'new@example.com', role: 'member' as const, pending: true as const },
    };
    kit.api.reply('GET', '/api/v1/account_users', {
      ...page(['m1', 'm2'], 1, false, [invitation]),
      meta: { page: 1, perPage: 25, total: 2, hasMore: false },
    });
    expect(kit.scope.getState(members.$total)).toBe(99);
    await allSettled(members.inviteSubmitted, {
      scope: kit.scope,
      params: { emails: ['m2@example.com', 'new@example.com'], role: 'member' },
    });
    expect(kit.scope.getState(members.$rows).map((r) => r.id)).toEqual(['invitation-i1', 'm1', 'm2']);
    expect(kit.scope.getState(members.$total)).toBe(2);
    expect(kit.api.callsTo('GET', '/api/v1/account_users')).toHaveLength(2);
    kit.api.reply('POST', '/api/v1/account_users/create_workspace_users/', {
      data: [
        {
          id: 'wu1',
          type: 'workspace_user',
          attributes: { accessType: 'member', accountUserId: 'm2', workspaceId: 'w1', workspaceName: 'Workspace w1' },
        },
      ],
    });
    await allSettled(members.accessGranted, {
      scope: kit.scope,
      params: { accountUserIds: ['m2'], workspaceIds: ['w1'] },
    });
    expect(kit.api.callsTo('POST', '/api/v1/account_users/create_workspace_users/')[0].body).toEqual({
      accountId: 'a1',
      accountUserIds: ['m2'],
      workspaceIds: ['w1'],
    });
    expect(kit.scope.getState(members.$users)[1].attributes.workspaceUsers).toEqual([
      { id: 'wu1', accessType: 'member', accountUserId: 'm2', workspaceId: 'w1', workspaceName: 'Workspace w1' },
    ]);
    kit.api.reply('DELETE', '/api/v1/workspace_users/wu1', {
      data: {
        id: 'wu1',
        type: 'workspace_user',
        attributes: { accessType: 'member', accountUserId: 'm2', workspaceId: 'w1', workspaceName: 'Workspace w1' },
      },
    });
    await allSettled(members.accessRemoved, { scope: kit.scope, params: 'wu1' });
    expect(kit.scope.getState(members.$users)[1].attributes.workspaceUsers).toEqual([]);
    expect(kit.toasts().map((t) => t.title)).toEqual([
      'Account users created',
      'Workspace user(s) created',
      'Workspace user deleted',
    ]);
    // The spec's title, and what the invitation really did below it.
    expect(kit.toasts()[0].description).toBe('Joined: Person m2. Invitation mailed to new@example.com.');
  });
});

describe('members at the seat limit', () => {
  it("keeps the popup open with the plan's refusal (its upgrade action), and clears it on the next try", async () => {
    const kit = await startedKit();
    const { members, dialogs } = kit.model;
    kit.api.reply('GET', '/api/v1/account_users', page(['m1'], 1, false));
    await allSettled(members.pageOpened, { scope: kit.scope });
    await allSettled(dialogs.dialogOpened, { scope: kit.scope, params: { kind: 'createAccountUser' } });
    const refusal =
      'The Free plan has 3 seats; this would make 4 people with the invitations pending. Upgrade to Starter for more.';
    kit.api.reply(
      'POST',
      '/api/v1/accounts/a1/create_account_users',
      new ApiError(refusal, 402, 'plan_limit', 'emails'),
    );
    await allSettled(members.inviteSubmitted, {
      scope: kit.scope,
      params: { emails: ['new@example.com'], role: 'member' },
    });
    expect(kit.scope.getState(members.$seatRefusal)).toBe(refusal);
    expect(kit.scope.getState(dialogs.$dialog)).toEqual({ kind: 'createAccountUser' });
    expect(kit.toasts().at(-1)).toEqual({
      kind: 'error',
      title: 'Account users could not be created',
      description: refusal,
    });

    // Another refusal (not the plan's) is only the toast.
    kit.api.reply(
      'POST',
      '/api/v1/accounts/a1/create_account_users',
      new ApiError('Only account admins can do this', 403, 'forbidden'),
    );
    await allSettled(members.inviteSubmitted, {
      scope: kit.scope,
      params: { emails: ['new@example.com'], role: 'member' },
    });
    expect(kit.scope.getState(members.$seatRefusal)).toBeNull();
  });
});

describe('account settings', () => {
  it('renames the account, then reloads the user so the switcher shows the new name', async () => {
    const kit = await startedKit();
    kit.api.reply('PUT', '/api/v1/accounts/a1/rename', { data: { id: 'a1' } });
    const userLoads = kit.api.callsTo('GET', '/api/v1/users/').length;
    await allSettled(kit.model.settings.renameSubmitted, { scope: kit.scope, params: ' Acme ' });
    expect(kit.api.callsTo('PUT', '/api/v1/accounts/a1/rename')[0].body).toEqual({ name: 'Acme' });
    expect(kit.api.callsTo('GET', '/api/v1/users/').length).toBe(userLoads + 1);
    expect(kit.toasts().map((t) => t.title)).toEqual(['Account renamed']);

    kit.api.reply('PUT', '/api/v1/accounts/a1/rename', new ApiError('Only account admins can do this', 403));
    await allSettled(kit.model.settings.renameSubmitted, { scope: kit.scope, params: 'Other' });
    expect(kit.toasts().at(-1)).toEqual({
      kind: 'error',
      title: 'Account cannot be renamed',
      description: 'Only account admins can do this',
    });
  });

  it('refuses a file that is not a picture before sending it', async () => {
    const kit = await startedKit();
    await allSettled(kit.model.settings.avatarChosen, {
      scope: kit.scope,
      params: new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    });
    expect(kit.api.callsTo('POST', '/api/v1/accounts/a1/change_avatar')).toEqual([]);
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Image cannot be changed', description: 'Image must be a PNG, JPEG, WebP or GIF file' },
    ]);
  });
});

async function startedKit() {
  const kit = createAccountsTestKit();
  await kit.start();
  expect(kit.scope.getState(kit.app.$currentAccountId)).toBe('a1');
  return kit;
}
