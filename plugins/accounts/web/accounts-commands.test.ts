import { describe, expect, it } from 'vitest';
import { createContainer, TOKENS, type CommandContext, type WhenContext } from '../../../core';
import { accountsCommands } from './accounts-commands';
import { ACCOUNTS_MODEL } from './accounts-model-loader';
import { createAccountsTestKit, workspace } from './testing/accounts-test-kit';

const command = (id: string) => accountsCommands.find((c) => c.id === id)!;
const when = (over: Partial<WhenContext>): WhenContext => ({
  isAuthenticated: true,
  isMember: true,
  path: '/',
  accountId: 'a1',
  workspaceId: 'w1',
  isAccountAdmin: false,
  ...over,
});

/** The palette runs commands on the app model as the running app does: unscoped, with the context they were shown in. */
function context() {
  const kit = createAccountsTestKit();
  const visits: string[] = [];
  // The kit's model bound as if already loaded (the loader uses a bound model as is).
  const container = createContainer();
  container.bind(ACCOUNTS_MODEL).toConstantValue(kit.model);
  const ctx: CommandContext = {
    app: kit.app,
    container,
    navigate: (path: string) => void visits.push(path),
    when: when({}),
  };
  return { kit, ctx, visits };
}

describe('accounts palette commands', () => {
  it('"Switch workspace…" lists the current account\'s workspaces and switches to the chosen one', async () => {
    const { kit, ctx } = context();
    kit.api
      .reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w2'), workspace('w1')] })
      .reply('PUT', '/api/v1/users/set_last_used_workspace', {});
    await kit.app.fetchUserFx();
    await kit.app.fetchWorkspacesFx('a1');
    const choices = await command('accounts.switchWorkspace').choices!(ctx, '');
    expect(choices.map((c) => c.title)).toEqual(['Workspace w2', 'Workspace w1']);
    await choices[0].run(ctx);
    expect(kit.app.$currentWorkspaceId.getState()).toBe('w2');
  });

  it('"Switch account…" lists every account with the role', async () => {
    const { kit, ctx } = context();
    await kit.app.fetchUserFx();
    const choices = await command('accounts.switchAccount').choices!(ctx, '');
    expect(choices.map((c) => [c.title, c.subtitle])).toEqual([
      ['Account a1', 'Admin · current'],
      ['Account a2', 'Member'],
    ]);
  });

  it('admin-only commands are hidden from members; they open their popup on the right page', async () => {
    for (const id of ['accounts.createWorkspace', 'accounts.inviteMember']) {
      expect(command(id).when!(when({ isAccountAdmin: false }))).toBe(false);
      expect(command(id).when!(when({ isAccountAdmin: true }))).toBe(true);
    }
    expect(command('accounts.openSettings').when!(when({}))).toBe(true);
    const { kit, ctx, visits } = context();
    await command('accounts.inviteMember').run!(ctx);
    expect(visits).toEqual(['/account/members']);
    expect(kit.model.dialogs.$dialog.getState()).toEqual({ kind: 'createAccountUser' });
  });
});

describe('role changes from the palette', () => {
  it('"Make a member an admin…" lists the members (not the admins) matching the search, and makes the chosen one an admin', async () => {
    const { kit, ctx } = context();
    ctx.container.bind(TOKENS.ApiClient).toConstantValue(kit.api);
    const person = (id: string, name: string, role: 'admin' | 'member') => ({
      id,
      type: 'account_user',
      attributes: {
        role,
        userId: `u${id}`,
        name,
        email: `${name.toLowerCase()}@example.com`,
        avatarUrl: null,
        workspaceUsers: [],
      },
    });
    kit.api
      .reply('GET', '/api/v1/account_users', {
        data: [person('7', 'Ada', 'admin'), person('8', 'Ben', 'member')],
        included: [],
        meta: { page: 1, perPage: 25, total: 2, hasMore: false },
      })
      .reply('PUT', '/api/v1/account_users/8/change_role', { data: person('8', 'Ben', 'admin') });
    const choices = await command('accounts.makeAdmin').choices!(ctx, 'be');
    expect(kit.api.callsTo('GET', '/api/v1/account_users')[0].params).toMatchObject({ accountId: 'a1', search: 'be' });
    expect(choices.map((c) => [c.title, c.subtitle])).toEqual([['Ben', 'ben@example.com']]);
    await choices[0].run(ctx);
    await expect
      .poll(() => kit.api.callsTo('PUT', '/api/v1/account_users/8/change_role').map((call) => call.body))
      .toEqual([{ role: 'admin' }]);
    expect(command('accounts.makeAdmin').when!(when({ isAccountAdmin: false }))).toBe(false);
  });
});
