import { describe, expect, it } from 'vitest';
import { allSettled, fork } from 'effector';
import { createAppModel } from './app-model';
import { createToastService } from '../services/toast-service';
import { ApiError, type ApiClient, type ApiResponse } from '../services/api-client';
import type { AccountResource, CurrentUserResponse, WorkspaceResource } from '../common/session-types';

/** An ApiClient that answers from a route table and records every call, as the real one would be called. */
function fakeApi(routes: Record<string, (body?: unknown) => unknown>) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const respond = async <T>(method: string, url: string, body?: unknown): Promise<ApiResponse<T>> => {
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url}`];
    if (!handler) throw new ApiError(`No route ${method} ${url}`, 404);
    return { data: handler(body) as T, status: 200, headers: {} };
  };
  const api: ApiClient = {
    get: (url) => respond('GET', url),
    post: (url, body) => respond('POST', url, body),
    put: (url, body) => respond('PUT', url, body),
    patch: (url, body) => respond('PATCH', url, body),
    delete: (url, body) => respond('DELETE', url, body),
  };
  return { api, calls };
}

const account = (id: string, lastUsedWorkspaceId: string | null = null, isCurrent = false): AccountResource => ({
  id,
  type: 'account',
  attributes: { name: `A${id}`, avatarUrl: null, role: 'admin', lastUsedWorkspaceId, subscription: { isCurrent } },
});
const workspace = (id: string, accountId: string): WorkspaceResource => ({
  id,
  type: 'workspace',
  attributes: { name: `W${id}`, numberOfProjects: 0, accountId },
});
const me = (lastUsedAccountId: string | null): CurrentUserResponse => ({
  data: {
    id: '1',
    type: 'user',
    attributes: {
      name: 'Ada',
      lastName: 'L',
      email: 'ada@example.com',
      role: 'user',
      onboardingState: 'processed',
      confirmedEmail: true,
      relevantAlert: null,
      shouldSeeNewsletterPopup: false,
      numberOfProjectsSuccessfullyCreated: 0,
      lastUsedAccountId,
      lastUsedWorkspaceId: null,
      avatarUrl: null,
      lastViewedAlertId: null,
    },
  },
  included: [account('1', '12'), account('2', null, true)],
});

function setup(routes: Record<string, (body?: unknown) => unknown>) {
  const { api, calls } = fakeApi(routes);
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  return { app, toast, calls, scope: fork() };
}

const workspacesRoutes = {
  'GET /api/v1/accounts/1/show_workspaces': () => ({ data: [workspace('11', '1'), workspace('12', '1')] }),
  'GET /api/v1/accounts/2/show_workspaces': () => ({ data: [workspace('21', '2')] }),
  'PUT /api/v1/users/set_last_used_account': () => ({}),
  'PUT /api/v1/users/set_last_used_workspace': () => ({}),
};

describe('app model', () => {
  it('on start loads the user, picks the last used account and its last used workspace', async () => {
    const { app, scope } = setup({ 'GET /api/v1/users/': () => me('1'), ...workspacesRoutes });
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    expect(scope.getState(app.$isAuthenticated)).toBe(true);
    expect(scope.getState(app.$currentAccountId)).toBe('1');
    expect(scope.getState(app.$currentWorkspaceId)).toBe('12');
    expect(scope.getState(app.$sessionChecked)).toBe(true);
  });

  it('honours accountId and workspaceId from the address on the first load', async () => {
    const { app, scope } = setup({ 'GET /api/v1/users/': () => me('1'), ...workspacesRoutes });
    await allSettled(app.appStarted, { scope, params: { accountId: '2', workspaceId: '21' } });
    expect(scope.getState(app.$currentAccountId)).toBe('2');
    expect(scope.getState(app.$currentWorkspaceId)).toBe('21');
  });

  it('treats 401 as logged out, without an error toast', async () => {
    const { app, toast, scope } = setup({});
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    expect(scope.getState(app.$isAuthenticated)).toBe(false);
    expect(scope.getState(app.$sessionChecked)).toBe(true);
    // the fake answers 404 for the unknown route: a real failure, so the spec toast shows
    expect(scope.getState(toast.$toasts).map((t) => t.title)).toEqual(['User details cannot be loaded']);
  });

  it('switching account loads its workspaces, saves the choice, and fires workspaceChanged', async () => {
    const { app, scope, calls } = setup({ 'GET /api/v1/users/': () => me('1'), ...workspacesRoutes });
    const changes: (string | null)[] = [];
    app.workspaceChanged.watch((id) => changes.push(id));
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    await allSettled(app.accountSelected, { scope, params: '2' });
    expect(scope.getState(app.$currentWorkspaceId)).toBe('21');
    expect(scope.getState(app.$workspaces).map((w) => w.id)).toEqual(['21']);
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/v1/users/set_last_used_account',
      body: { accountId: '2' },
    });
    expect(changes).toEqual(['12', '21']);
  });

  it('a failed save of the last used workspace keeps the choice and shows the spec toast', async () => {
    const { app, scope, toast } = setup({
      'GET /api/v1/users/': () => me('1'),
      ...workspacesRoutes,
      'PUT /api/v1/users/set_last_used_workspace': () => {
        throw new ApiError('boom', 500);
      },
    });
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    await allSettled(app.workspaceSelected, { scope, params: '11' });
    expect(scope.getState(app.$currentWorkspaceId)).toBe('11');
    expect(scope.getState(app.$currentAccount)?.attributes.lastUsedWorkspaceId).toBe('11');
    expect(scope.getState(toast.$toasts).map((t) => t.title)).toContain('Last used workspace cannot be saved');
  });

  it('logging out clears the user, accounts and workspaces', async () => {
    const { app, scope } = setup({ 'GET /api/v1/users/': () => me('1'), ...workspacesRoutes });
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    await allSettled(app.loggedOut, { scope });
    expect(scope.getState(app.$user)).toBeNull();
    expect(scope.getState(app.$accounts)).toEqual([]);
    expect(scope.getState(app.$currentWorkspaceId)).toBeNull();
  });
});
