import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createToastService } from '../services/toast-service';
import type { ApiClient } from '../services/api-client';
import { createAppModel } from './app-model';

const user = { data: { id: 'u1', type: 'user', attributes: { lastUsedAccountId: null, lastUsedWorkspaceId: null } }, included: [
  { id: 'a1', type: 'account', attributes: { name: 'A', role: 'admin', lastUsedWorkspaceId: null, subscription: null } },
  { id: 'a2', type: 'account', attributes: { name: 'B', role: 'admin', lastUsedWorkspaceId: null, subscription: null } },
] };
const workspaces = { data: [
  { id: 'w1', type: 'workspace', attributes: { name: 'First', numberOfProjects: 0, accountId: 'a2' } },
  { id: 'w2', type: 'workspace', attributes: { name: 'Second', numberOfProjects: 0, accountId: 'a2' } },
] };

describe('current account and workspace from the URL (spec section 4)', () => {
  it('honours accountId and workspaceId given at start', async () => {
    const get = vi.fn(async (url: string) => ({ data: url.includes('show_workspaces') ? workspaces : user, status: 200, headers: {} }));
    const app = createAppModel({ api: { get } as unknown as ApiClient, toast: createToastService() });
    const scope = fork();
    await allSettled(app.appStarted, { scope, params: { accountId: 'a2', workspaceId: 'w2' } });
    expect(scope.getState(app.$currentAccountId)).toBe('a2');
    expect(scope.getState(app.$currentWorkspaceId)).toBe('w2');
  });
});
