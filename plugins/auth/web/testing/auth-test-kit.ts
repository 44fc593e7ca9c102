import * as effector from 'effector';
import {
  createAppModel,
  createToastService,
  SessionAuthService,
  type CsrfTokenSource,
  type Navigator,
  type UserResource,
} from '../../../../core';
import { MemoryCookies } from '../../../../core/testing/memory-cookies';
import { FakeApiClient } from '../../../../core/testing/fake-api-client';
import { createAuthModel } from '../auth-model';
import { createNewsletterModel } from '../model/newsletter-model';

export class RecordingNavigator implements Navigator {
  readonly visits: { path: string; replace: boolean }[] = [];
  navigate(path: string, options?: { replace?: boolean }) {
    this.visits.push({ path, replace: !!options?.replace });
  }
  get last() {
    return this.visits.at(-1);
  }
}

export { MemoryCookies };

export function makeUser(overrides: Partial<UserResource['attributes']> = {}): UserResource {
  return {
    id: 'u1',
    type: 'user',
    attributes: {
      name: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'user',
      onboardingState: 'survey',
      confirmedEmail: false,
      relevantAlert: null,
      shouldSeeNewsletterPopup: false,
      numberOfProjectsSuccessfullyCreated: 0,
      lastUsedAccountId: null,
      lastUsedWorkspaceId: null,
      avatarUrl: null,
      lastViewedAlertId: null,
      ...overrides,
    },
  };
}

const noCsrf: CsrfTokenSource = { current: () => null, refresh: () => {} };

/**
 * The real auth model on the real app model, toast service and SessionAuthService, with only the
 * edges faked: the HTTP client, the router and the cookie jar. Each test forks its own scope.
 */
export function createAuthTestKit() {
  const api = new FakeApiClient();
  const navigator = new RecordingNavigator();
  const cookies = new MemoryCookies();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const auth = new SessionAuthService(api, noCsrf, app);
  const logged: unknown[] = [];
  const logger = { error: (...args: unknown[]) => void logged.push(args) };
  const model = createAuthModel({ api, auth, toast, navigator, cookies, app, logger });
  const newsletter = createNewsletterModel({ api, app, logger });
  const scope = effector.fork();
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  return { api, navigator, cookies, toast, app, auth, model, newsletter, scope, toasts, logged };
}
