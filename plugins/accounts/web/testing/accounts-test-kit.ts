import { fork, allSettled } from 'effector';
import {
  createAppModel,
  createToastService,
  type AccountResource,
  type UserResource,
  type WorkspaceResource,
} from '../../../../core';
import { createAccountsModel } from '../accounts-model';

import { FakeApiClient, type RecordedCall } from '../../../../core/testing/fake-api-client';

export { FakeApiClient, type RecordedCall };

export function user(id = 'u1'): UserResource {
  return {
    id,
    type: 'user',
    attributes: {
      name: 'Ada',
      lastName: 'Admin',
      email: 'ada@example.com',
      role: 'user',
      onboardingState: 'processed',
      confirmedEmail: true,
      relevantAlert: null,
      shouldSeeNewsletterPopup: false,
      numberOfProjectsSuccessfullyCreated: 0,
      lastUsedAccountId: 'a1',
      lastUsedWorkspaceId: null,
      avatarUrl: null,
      lastViewedAlertId: null,
    },
  };
}

export function account(id: string, role: 'admin' | 'member' = 'admin'): AccountResource {
  return {
    id,
    type: 'account',
    attributes: { name: `Account ${id}`, avatarUrl: null, role, lastUsedWorkspaceId: null, subscription: null },
  };
}

export function workspace(id: string, accountId = 'a1'): WorkspaceResource {
  return { id, type: 'workspace', attributes: { name: `Workspace ${id}`, numberOfProjects: 0, accountId } };
}

/**
 * The real accounts model on the real app model and toast service; only the HTTP client is
 * faked. `start()` logs the user in with accounts a1 (admin) and a2 and loads a1's workspaces.
 */
export function createAccountsTestKit() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const logged: unknown[] = [];
  const model = createAccountsModel({ api, toast, app, logger: { error: (...args: unknown[]) => logged.push(args) } });
  const scope = fork();
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  api
    .reply('GET', '/api/v1/users/', { data: user(), included: [account('a1'), account('a2', 'member')] })
    .reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w1')] })
    .reply('GET', '/api/v1/accounts/a2/show_workspaces', { data: [workspace('w9', 'a2')] })
    .reply('PUT', '/api/v1/users/set_last_used_account', {});
  const start = () => allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
  return { api, toast, app, model, scope, toasts, logged, start };
}
