import { allSettled, createEvent, createStore, fork } from 'effector';
import {
  createAppModel,
  createToastService,
  type AccountResource,
  type UserResource,
  type WorkspaceResource,
} from '../../../../core';
import { MemoryCookies } from '../../../../core/testing/memory-cookies';
import type { ProjectVersionResource } from '../../../projects/common/projects-contract';
import type { ProjectsTableHost } from '../../../projects/web/extension-points';
import type { LabelResource } from '../../common/labels-contract';
import { createLabelsModel } from '../model/labels-model';
import { wireLabelsToTable } from '../labels-table-parts';

import { FakeApiClient, type RecordedCall } from '../../../../core/testing/fake-api-client';

export { FakeApiClient, type RecordedCall };

export { MemoryCookies };

export function label(
  id: string,
  caption: string,
  overrides: Partial<LabelResource['attributes']> = {},
): LabelResource {
  return {
    id,
    type: 'label',
    attributes: { caption, workspaceId: 'w1', projectVersionCount: 0, projectVersionIds: [], ...overrides },
  };
}

export function row(id: string, labels: { id: string; caption: string }[] = []): ProjectVersionResource {
  return {
    id,
    type: 'project_version',
    attributes: {
      projectId: `p${id}`,
      workspaceId: 'w1',
      title: `Video ${id}`,
      createdAt: '2024-05-01T10:00:00.000Z',
      duration: 3,
      thumbnailUrl: null,
      elementId: null,
      elementState: 'ready',
      labels,
      subtitles: [],
    },
  };
}

const user: UserResource = {
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
const account: AccountResource = {
  id: 'a1',
  type: 'account',
  attributes: { name: 'Acme', avatarUrl: null, role: 'admin', lastUsedWorkspaceId: 'w1', subscription: null },
};
const workspace = (id: string): WorkspaceResource => ({
  id,
  type: 'workspace',
  attributes: { name: id, numberOfProjects: 0, accountId: 'a1' },
});

/**
 * The real labels model on the real app model, wired to a stand-in projects table (rows and
 * selection stores fed by the host's events, as the projects model does). HTTP and cookies are fakes.
 */
export function createLabelsTestKit({ cookie }: { cookie?: string } = {}) {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const cookies = new MemoryCookies();
  if (cookie !== undefined) cookies.set('selected_labels', cookie);
  const model = createLabelsModel({ api, toast, app, cookies, logger: { error: () => {} } });

  const rowsMapped = createEvent<(row: ProjectVersionResource) => ProjectVersionResource>();
  const selectionCleared = createEvent();
  const selectionChanged = createEvent<ReadonlySet<string>>();
  const $rows = createStore<ProjectVersionResource[]>([row('1'), row('2'), row('3')]).on(rowsMapped, (rows, map) =>
    rows.map(map),
  );
  const $selection = createStore<ReadonlySet<string>>(new Set())
    .on(selectionChanged, (_, s) => s)
    .reset(selectionCleared);
  const host: ProjectsTableHost = { $selection, selectionCleared, rowsMapped, reloadRequested: createEvent() };
  wireLabelsToTable(model, host);

  const scope = fork();
  api
    .reply('GET', '/api/v1/users/', { data: user, included: [account] })
    .reply('GET', '/api/v1/accounts/a1/show_workspaces', { data: [workspace('w1'), workspace('w2')] })
    .reply('GET', '/api/v1/labels/', { data: [label('l2', 'Interviews'), label('l1', 'b-roll')] });
  const start = async () => {
    await allSettled(app.appStarted, { scope, params: { accountId: null, workspaceId: null } });
    await allSettled(model.started, { scope });
  };
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  const rowLabels = () =>
    Object.fromEntries(scope.getState($rows).map((r) => [r.id, r.attributes.labels.map((l) => l.caption)]));
  return { api, toast, app, cookies, model, host, selectionChanged, $rows, scope, start, toasts, rowLabels };
}
