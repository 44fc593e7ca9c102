import { fork, allSettled } from 'effector';
import { ApiError, createAppModel, createToastService, type AccountResource, type ApiClient, type ApiResponse, type RequestOptions, type UserResource, type WorkspaceResource } from '../../../../core';
import { createAccountsModel } from '../accounts-model';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = unknown | ApiError | ((call: RecordedCall) => unknown);

export interface RecordedCall {
  method: Method;
  url: string;
  body: unknown;
  params?: Record<string, unknown>;
}

/** A core ApiClient answering from a table of `METHOD path` replies and recording every call. */
export class FakeApiClient implements ApiClient {
  readonly calls: RecordedCall[] = [];
  private readonly replies = new Map<string, Reply>();

  reply(method: Method, url: string, reply: Reply): this {
    this.replies.set(`${method} ${url}`, reply);
    return this;
  }
  callsTo(method: Method, url: string) {
    return this.calls.filter((c) => c.method === method && c.url === url);
  }
  get<T>(url: string, options?: RequestOptions) {
    return this.send<T>({ method: 'GET', url, body: undefined, params: options?.params });
  }
  post<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'POST', url, body });
  }
  put<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'PUT', url, body });
  }
  patch<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'PUT', url, body });
  }
  delete<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'DELETE', url, body });
  }
  private async send<T>(call: RecordedCall): Promise<ApiResponse<T>> {
    this.calls.push(call);
    const key = `${call.method} ${call.url}`;
    if (!this.replies.has(key)) throw new ApiError(`No fake reply for ${key}`, 404, 'not_found');
    let reply = this.replies.get(key);
    if (typeof reply === 'function') reply = (reply as (c: RecordedCall) => unknown)(call);
    if (reply instanceof ApiError) throw reply;
    return { data: reply as T, status: 200, headers: {} };
  }
}

export function user(id = 'u1'): UserResource {
  return {
    id,
    type: 'user',
    attributes: {
      name: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'user', onboardingState: 'processed', confirmedEmail: true,
      relevantAlert: null, shouldSeeNewsletterPopup: false, numberOfProjectsSuccessfullyCreated: 0, lastUsedAccountId: 'a1',
      lastUsedWorkspaceId: null, avatarUrl: null, lastViewedAlertId: null,
    },
  };
}

export function account(id: string, role: 'admin' | 'member' = 'admin'): AccountResource {
  return { id, type: 'account', attributes: { name: `Account ${id}`, avatarUrl: null, role, lastUsedWorkspaceId: null, subscription: null } };
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
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  api
    .reply('GET', '/api/v1/users/', { data: user(), included: [account('a1'), account('a2', 'member')] })
    .reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w1')] })
    .reply('GET', '/api/v1/accounts/a2/show_workspaces', { data: [workspace('w9', 'a2')] })
    .reply('PUT', '/api/v1/users/set_last_used_account', {});
  const start = () => allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
  return { api, toast, app, model, scope, toasts, logged, start };
}
