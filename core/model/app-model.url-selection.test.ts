import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createToastService } from '../services/toast-service';
import type { ApiClient } from '../services/api-client';
import { createAppModel } from './app-model';

const member = {
  lastUsedAccountId: null,
  lastUsedWorkspaceId: null,
  confirmedEmail: true,
  onboardingState: 'completed',
};
const userWith = (attributes: object) => ({
  data: { id: 'u1', type: 'user', attributes },
  included: [
    {
      id: 'a1',
      type: 'account',
      attributes: { name: 'A', role: 'admin', lastUsedWorkspaceId: null, subscription: null },
    },
    {
      id: 'a2',
      type: 'account',
      attributes: { name: 'B', role: 'admin', lastUsedWorkspaceId: null, subscription: null },
    },
  ],
});
const user = userWith(member);
const workspaces = {
  data: [
    { id: 'w1', type: 'workspace', attributes: { name: 'First', numberOfProjects: 0, accountId: 'a2' } },
    { id: 'w2', type: 'workspace', attributes: { name: 'Second', numberOfProjects: 0, accountId: 'a2' } },
  ],
};

describe('current account and workspace from the URL (docs/product-contract.md#states-and-transitions)', () => {
  it('honours accountId and workspaceId given at start', async () => {
    const get = vi.fn(async (url: string) => ({
      data: url.includes('show_workspaces') ? workspaces : user,
      status: 200,
      headers: {},
    }));
    const app = createAppModel({ api: { get } as unknown as ApiClient, toast: createToastService() });
    const scope = fork();
    await allSettled(app.appStarted, { scope, params: { accountId: 'a2', workspaceId: 'w2' } });
    expect(scope.getState(app.$currentAccountId)).toBe('a2');
    expect(scope.getState(app.$currentWorkspaceId)).toBe('w2');
    expect(get.mock.calls.filter(([url]) => url.includes('show_workspaces'))).toHaveLength(1);
  });

  it('asks for workspaces only once the user is a member: no refused call (and false toast) while onboarding', async () => {
    let current: object = userWith({ ...member, confirmedEmail: false });
    const get = vi.fn(async (url: string) => {
      if (url.includes('show_workspaces')) return { data: workspaces, status: 200, headers: {} };
      return { data: current, status: 200, headers: {} };
    });
    const toast = createToastService();
    const app = createAppModel({ api: { get } as unknown as ApiClient, toast });
    const scope = fork();
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    expect(get.mock.calls.filter(([url]) => url.includes('show_workspaces'))).toHaveLength(0);
    current = user; // confirmed the e-mail
    await allSettled(app.userRequested, { scope });
    expect(get.mock.calls.filter(([url]) => url.includes('show_workspaces'))).toHaveLength(1);
    expect(scope.getState(toast.$toasts)).toEqual([]);
  });
});
