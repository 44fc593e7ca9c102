import { describe, expect, it } from 'vitest';
import { chooseAccount, chooseWorkspace, takeSelectionParams } from './current-selection';
import type { AccountResource, UserResource, WorkspaceResource } from '../common/session-types';

const account = (id: string, extra: Partial<AccountResource['attributes']> = {}): AccountResource => ({
  id,
  type: 'account',
  attributes: {
    name: `Account ${id}`,
    avatarUrl: null,
    role: 'admin',
    lastUsedWorkspaceId: null,
    subscription: null,
    ...extra,
  },
});
const workspace = (id: string, accountId = '1'): WorkspaceResource => ({
  id,
  type: 'workspace',
  attributes: { name: `Workspace ${id}`, numberOfProjects: 0, accountId },
});
const user = (lastUsedAccountId: string | null, lastUsedWorkspaceId: string | null = null): UserResource => ({
  id: 'u1',
  type: 'user',
  attributes: {
    name: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: 'user',
    onboardingState: 'processed',
    confirmedEmail: true,
    relevantAlert: null,
    shouldSeeNewsletterPopup: false,
    numberOfProjectsSuccessfullyCreated: 0,
    lastUsedAccountId,
    lastUsedWorkspaceId,
    avatarUrl: null,
    lastViewedAlertId: null,
  },
});

describe('chooseAccount (docs/product-contract.md#states-and-transitions)', () => {
  const accounts = [account('1'), account('2', { subscription: { isCurrent: true } }), account('3')];

  it('takes the URL account when it is one of the user accounts', () => {
    expect(chooseAccount(accounts, user('3'), '1')?.id).toBe('1');
  });
  it('ignores a URL account the user does not belong to and falls back to the last used one', () => {
    expect(chooseAccount(accounts, user('3'), '99')?.id).toBe('3');
  });
  it('then the account with the current subscription', () => {
    expect(chooseAccount(accounts, user(null), null)?.id).toBe('2');
    expect(chooseAccount(accounts, user('gone'), null)?.id).toBe('2');
  });
  it('then the first account, and null when there is none', () => {
    expect(chooseAccount([account('7'), account('8')], user(null), null)?.id).toBe('7');
    expect(chooseAccount([], user(null), '1')).toBeNull();
  });
});

describe('chooseWorkspace (docs/product-contract.md#states-and-transitions)', () => {
  const list = [workspace('10'), workspace('11'), workspace('12')];
  it('URL workspace first', () => {
    expect(chooseWorkspace(list, account('1', { lastUsedWorkspaceId: '11' }), user('1', '12'), '10')?.id).toBe('10');
  });
  it("then the account's last used, then the user's last used", () => {
    expect(chooseWorkspace(list, account('1', { lastUsedWorkspaceId: '11' }), user('1', '12'), null)?.id).toBe('11');
    expect(chooseWorkspace(list, account('1'), user('1', '12'), null)?.id).toBe('12');
  });
  it('then the first; ids that are not in the list are skipped', () => {
    expect(chooseWorkspace(list, account('1', { lastUsedWorkspaceId: '99' }), user('1', '98'), '97')?.id).toBe('10');
  });
});

describe('takeSelectionParams', () => {
  it('reads accountId and workspaceId and keeps every other parameter', () => {
    expect(takeSelectionParams('?accountId=4&tab=members&workspaceId=9')).toEqual({
      accountId: '4',
      workspaceId: '9',
      rest: '?tab=members',
    });
    expect(takeSelectionParams('')).toEqual({ accountId: null, workspaceId: null, rest: '' });
  });
});
