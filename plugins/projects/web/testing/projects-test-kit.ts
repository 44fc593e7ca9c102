import { allSettled, createStore, fork, type Store } from 'effector';
import {
  createAppModel,
  createToastService,
  type AccountResource,
  type PollingService,
  type PollingTask,
  type UserResource,
  type WorkspaceResource,
} from '../../../../core';
import type { ElementResource, ProjectVersionResource, ProjectVersionsQuery } from '../../common/projects-contract';
import { UploadAbortedError, type MediaUploader, type UploadOptions } from '../upload/media-uploader';
import { createProjectsModel } from '../model/projects-model';

import { FakeApiClient, type RecordedCall } from '../../../../core/testing/fake-api-client';

export { FakeApiClient, type RecordedCall };

/** Polling whose ticks the test runs by hand. */
export class ManualPolling implements PollingService {
  readonly tasks = new Map<string, PollingTask>();
  start(task: PollingTask) {
    this.tasks.set(task.id, task);
  }
  stop(id: string) {
    this.tasks.delete(id);
  }
  isRunning(id: string) {
    return this.tasks.has(id);
  }
  stopAll() {
    this.tasks.clear();
  }
  async tick(id: string) {
    await this.tasks.get(id)?.run();
  }
}

/** An uploader the test drives: each upload waits until the test finishes or fails it. */
export class FakeUploader implements MediaUploader {
  readonly started: {
    file: File;
    options: UploadOptions;
    finish(elementId: string): void;
    fail(error: Error): void;
  }[] = [];
  upload(file: File, options: UploadOptions) {
    return new Promise<{ elementId: string }>((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(new UploadAbortedError()));
      this.started.push({ file, options, finish: (elementId) => resolve({ elementId }), fail: reject });
    });
  }
}

export function projectVersion(
  id: string,
  overrides: Partial<ProjectVersionResource['attributes']> = {},
): ProjectVersionResource {
  return {
    id,
    type: 'project_version',
    attributes: {
      projectId: `p${id}`,
      workspaceId: 'w1',
      title: `Video ${id}`,
      createdAt: '2024-05-01T10:00:00.000Z',
      duration: 12.5,
      thumbnailUrl: null,
      elementId: `e${id}`,
      elementState: 'ready',
      labels: [],
      subtitles: [],
      ...overrides,
    },
  };
}

export function element(id: string, overrides: Partial<ElementResource['attributes']> = {}): ElementResource {
  return {
    id,
    type: 'element',
    attributes: {
      title: `Link ${id}`,
      state: 'downloading',
      unformattedSize: 0,
      unformattedDuration: 0,
      projectVersionIds: [`v${id}`],
      workspaceId: 'w1',
      sourceUrl: `https://videos.example/${id}.mp4`,
      submitUrlIdentifier: null,
      thumbnailUrl: null,
      failure: null,
      failureKind: null,
      description: null,
      createdAt: '2024-05-01T10:00:00.000Z',
      ...overrides,
    },
  };
}

export function page(
  ids: string[],
  pageNumber: number,
  hasMore: boolean,
  nextCursor: string | null = hasMore ? `c${pageNumber}` : null,
) {
  return { data: ids.map((id) => projectVersion(id)), meta: { page: pageNumber, perPage: 50, hasMore, nextCursor } };
}

function user(): UserResource {
  return {
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
      lastUsedAccountId: 'a1',
      lastUsedWorkspaceId: 'w1',
      avatarUrl: null,
      lastViewedAlertId: null,
    },
  };
}
const account: AccountResource = {
  id: 'a1',
  type: 'account',
  attributes: { name: 'Acme', avatarUrl: null, role: 'admin', lastUsedWorkspaceId: 'w1', subscription: null },
};
export function workspace(id: string, numberOfProjects = 3): WorkspaceResource {
  return { id, type: 'workspace', attributes: { name: `Workspace ${id}`, numberOfProjects, accountId: 'a1' } };
}

/**
 * The real projects model on the real app model and toast service; HTTP, polling and the uploader
 * are fakes. `start()` logs in with workspace w1 (3 projects) and w2 current = w1.
 */
export function createProjectsTestKit({
  filter,
}: { filter?: Store<Partial<Pick<ProjectVersionsQuery, 'labels'>>> } = {}) {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const polling = new ManualPolling();
  const uploader = new FakeUploader();
  const logged: unknown[] = [];
  /** Pages the model opened, and the upgrade offers it made (their messages). */
  const visits: string[] = [];
  const upgrades: string[] = [];
  let nextId = 0;
  const $filter = filter ?? createStore({});
  const model = createProjectsModel(
    {
      api,
      toast,
      app,
      polling,
      uploader,
      logger: { error: (...args: unknown[]) => logged.push(args) },
      newId: () => `id${++nextId}`,
      navigate: (path: string) => void visits.push(path),
      offerUpgrade: (message: string) => void upgrades.push(message),
    },
    { filters: [{ $params: $filter }] },
  );
  const scope = fork();
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  api
    .reply('GET', '/api/v1/users/', { data: user(), included: [account] })
    .reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w1'), workspace('w2', 0)] })
    .reply('GET', '/api/v1/project_versions', page(['1', '2'], 1, false))
    .reply('GET', '/api/v1/elements', { data: [], meta: { maxElementBytes: 100 * 1024 * 1024 } });
  const start = () => allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
  const listCalls = () => api.callsTo('GET', '/api/v1/project_versions').map((c) => c.params);
  const rowIds = () => scope.getState(model.versions.$rows).map((r) => r.id);
  return {
    api,
    toast,
    app,
    polling,
    uploader,
    model,
    scope,
    toasts,
    logged,
    visits,
    upgrades,
    start,
    listCalls,
    rowIds,
  };
}
