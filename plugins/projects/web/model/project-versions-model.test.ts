import { allSettled, createEvent, createStore } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../core';
import { createProjectsTestKit, page, projectVersion } from '../testing/projects-test-kit';

async function openedKit(options: Parameters<typeof createProjectsTestKit>[0] = {}) {
  const kit = createProjectsTestKit(options);
  await kit.start();
  await allSettled(kit.model.versions.pageOpened, { scope: kit.scope });
  return kit;
}

describe('project version list', () => {
  it('loads page 1 of the current workspace, then appends only the next page, with its cursor', async () => {
    const kit = createProjectsTestKit();
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2'], 1, true));
    await kit.start();
    await allSettled(kit.model.versions.pageOpened, { scope: kit.scope });
    expect(kit.listCalls().at(-1)).toEqual({ workspaceId: 'w1', page: 1, perPage: 50 });
    expect(kit.rowIds()).toEqual(['1', '2']);

    kit.api.reply('GET', '/api/v1/project_versions', page(['3', '4'], 2, false));
    await allSettled(kit.model.versions.nextPageRequested, { scope: kit.scope });
    expect(kit.listCalls().at(-1)).toEqual({ workspaceId: 'w1', page: 2, perPage: 50, after: 'c1' });
    expect(kit.rowIds()).toEqual(['1', '2', '3', '4']);

    // No more pages: nothing is asked.
    const calls = kit.listCalls().length;
    await allSettled(kit.model.versions.nextPageRequested, { scope: kit.scope });
    expect(kit.listCalls()).toHaveLength(calls);

    // Page 1 again replaces everything.
    kit.api.reply('GET', '/api/v1/project_versions', page(['9'], 1, false));
    await allSettled(kit.model.versions.reloadRequested, { scope: kit.scope });
    expect(kit.rowIds()).toEqual(['9']);
  });

  it('"Select all" selects every loaded row, and only those', async () => {
    const kit = createProjectsTestKit();
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2', '3'], 1, true));
    await kit.start();
    await allSettled(kit.model.versions.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.versions.allSelected, { scope: kit.scope });
    expect([...kit.scope.getState(kit.model.versions.$selection)]).toEqual(['1', '2', '3']);
  });

  it('drops a page that belongs to an older search', async () => {
    const kit = await openedKit();
    // The answer to "interview" arrives after the answer to "intro", which was typed later.
    kit.api.reply('GET', '/api/v1/project_versions', (call: { params?: Record<string, unknown> }) =>
      call.params?.search === 'interview'
        ? new Promise((resolve) => setTimeout(() => resolve(page(['5', '6'], 1, false)), 30))
        : page(['7'], 1, false),
    );
    const slow = allSettled(kit.model.versions.searchChanged, { scope: kit.scope, params: 'interview' });
    await allSettled(kit.model.versions.searchChanged, { scope: kit.scope, params: 'intro' });
    await slow;
    expect(
      kit.api
        .callsTo('GET', '/api/v1/project_versions')
        .map((c) => c.params?.search)
        .slice(-2),
    ).toEqual(['interview', 'intro']);
    expect(kit.rowIds()).toEqual(['7']);
  });

  it('searches from page 1 with the text only when there is one, and shows the spec message on failure', async () => {
    const kit = await openedKit();
    await allSettled(kit.model.versions.searchChanged, { scope: kit.scope, params: '  Interview ' });
    expect(kit.listCalls().at(-1)).toEqual({ workspaceId: 'w1', page: 1, perPage: 50, search: 'Interview' });
    kit.api.reply('GET', '/api/v1/project_versions', new ApiError('Boom', 500));
    await allSettled(kit.model.versions.searchChanged, { scope: kit.scope, params: '' });
    expect(kit.listCalls().at(-1)).toEqual({ workspaceId: 'w1', page: 1, perPage: 50 });
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'Project versions could not be loaded',
      description: 'Boom',
    });
  });

  it('a changed label selection searches page 1 with the labels, workspaceId and search text, and clears the selection', async () => {
    const labelsSet = createEvent<string[]>();
    const $filter = createStore<{ labels?: string[] }>({}).on(labelsSet, (_, labels) =>
      labels.length ? { labels } : {},
    );
    const kit = await openedKit({ filter: $filter });
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2'], 1, true));
    await allSettled(kit.model.versions.searchChanged, { scope: kit.scope, params: 'cats' });
    await allSettled(kit.model.versions.nextPageRequested, { scope: kit.scope });
    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1']) });

    await allSettled(labelsSet, { scope: kit.scope, params: ['l1', 'l2'] });
    expect(kit.listCalls().at(-1)).toEqual({
      workspaceId: 'w1',
      page: 1,
      perPage: 50,
      labels: 'l1,l2',
      search: 'cats',
    });
    expect(kit.scope.getState(kit.model.versions.$selection).size).toBe(0);
  });

  it('changing workspace empties the list and loads the new workspace from page 1', async () => {
    const kit = await openedKit();
    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1']) });
    kit.api.reply('PUT', '/api/v1/users/set_last_used_workspace', {});
    kit.api.reply('GET', '/api/v1/project_versions', page(['20'], 1, false));
    await allSettled(kit.app.workspaceSelected, { scope: kit.scope, params: 'w2' });
    expect(kit.listCalls().at(-1)).toMatchObject({ workspaceId: 'w2', page: 1 });
    expect(kit.rowIds()).toEqual(['20']);
    expect(kit.scope.getState(kit.model.versions.$selection).size).toBe(0);
  });
});

describe('bulk delete', () => {
  it('asks for confirmation, deletes the selection in one call, lowers the count and clears the selection', async () => {
    const kit = await openedKit();
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2', '3'], 1, false));
    await allSettled(kit.model.versions.reloadRequested, { scope: kit.scope });
    await allSettled(kit.model.versions.deleteRequested, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.versions.$deleteDialogOpen)).toBe(false); // nothing selected

    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1', '3']) });
    await allSettled(kit.model.versions.deleteRequested, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.versions.$deleteDialogOpen)).toBe(true);

    kit.api.reply('DELETE', '/api/v1/project_versions/', { data: { ids: ['1', '3'] }, meta: { numberOfProjects: 1 } });
    await allSettled(kit.model.versions.deleteConfirmed, { scope: kit.scope });
    expect(kit.api.callsTo('DELETE', '/api/v1/project_versions/')[0].body).toEqual({
      workspaceId: 'w1',
      projectVersionIds: ['1', '3'],
    });
    expect(kit.rowIds()).toEqual(['2']);
    expect(kit.scope.getState(kit.model.versions.$selection).size).toBe(0);
    expect(kit.scope.getState(kit.model.versions.$deleteDialogOpen)).toBe(false);
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(1);
    expect(kit.toasts()).toContainEqual({
      kind: 'success',
      title: 'Project version(s) deleted',
      description: undefined,
    });
  });

  it('offers Undo on the deleted toast: it restores those versions, reloads page 1 and raises the count; then it is gone', async () => {
    const kit = await openedKit();
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2', '3'], 1, false));
    await allSettled(kit.model.versions.reloadRequested, { scope: kit.scope });
    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1', '3']) });
    kit.api.reply('DELETE', '/api/v1/project_versions/', { data: { ids: ['1', '3'] }, meta: { numberOfProjects: 1 } });
    await allSettled(kit.model.versions.deleteConfirmed, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.undo.$canUndoDelete)).toBe(true);
    const deletedToast = kit.scope.getState(kit.toast.$toasts).find((t) => t.title === 'Project version(s) deleted')!;
    expect(deletedToast.action?.label).toBe('Undo');

    kit.api.reply('POST', '/api/v1/project_versions/restore', {
      data: { ids: ['1', '3'] },
      meta: { numberOfProjects: 3 },
    });
    kit.api.reply('GET', '/api/v1/project_versions', page(['1', '2', '3'], 1, false));
    await allSettled(deletedToast.action!.event, { scope: kit.scope });
    expect(kit.api.callsTo('POST', '/api/v1/project_versions/restore')[0].body).toEqual({
      workspaceId: 'w1',
      projectVersionIds: ['1', '3'],
    });
    expect(kit.rowIds()).toEqual(['1', '2', '3']);
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(3);
    expect(kit.toasts()).toContainEqual({
      kind: 'success',
      title: 'Project version(s) restored',
      description: undefined,
    });
    expect(kit.scope.getState(kit.model.undo.$canUndoDelete)).toBe(false);
    // Undone (here as Ctrl+Z does, without the toast's button): the toast's offer is gone with it.
    expect(kit.scope.getState(kit.toast.$toasts).map((t) => t.title)).not.toContain('Project version(s) deleted');

    // A second Undo asks nothing.
    await allSettled(kit.model.undo.undoDeleteClicked, { scope: kit.scope });
    expect(kit.api.callsTo('POST', '/api/v1/project_versions/restore')).toHaveLength(1);
  });

  it('says so when the undo fails or comes too late, and keeps the list and count as they are', async () => {
    const kit = await openedKit();
    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1']) });
    kit.api.reply('DELETE', '/api/v1/project_versions/', { data: { ids: ['1'] }, meta: { numberOfProjects: 2 } });
    await allSettled(kit.model.versions.deleteConfirmed, { scope: kit.scope });
    kit.api.reply('POST', '/api/v1/project_versions/restore', new ApiError('Request failed', 503));
    await allSettled(kit.model.undo.undoDeleteClicked, { scope: kit.scope });
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'Project version(s) could not be restored',
      description: 'Request failed',
    });
    expect(kit.rowIds()).toEqual(['2']);
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(2);

    // Too late: the server brought nothing back.
    kit.api.reply('POST', '/api/v1/project_versions/restore', { data: { ids: [] }, meta: { numberOfProjects: 2 } });
    await allSettled(kit.model.undo.undoDeleteClicked, { scope: kit.scope });
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'Project version(s) could not be restored',
      description: 'They have been removed for good.',
    });
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(2);
  });

  it('keeps rows, selection and popup when the delete fails', async () => {
    const kit = await openedKit();
    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1']) });
    await allSettled(kit.model.versions.deleteRequested, { scope: kit.scope });
    kit.api.reply('DELETE', '/api/v1/project_versions/', new ApiError('Nope', 500));
    await allSettled(kit.model.versions.deleteConfirmed, { scope: kit.scope });
    expect(kit.rowIds()).toEqual(['1', '2']);
    expect([...kit.scope.getState(kit.model.versions.$selection)]).toEqual(['1']);
    expect(kit.scope.getState(kit.model.versions.$deleteDialogOpen)).toBe(true);
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'Project version(s) could not be deleted',
      description: 'Nope',
    });
    expect(kit.scope.getState(kit.model.$projectCount)).toBe(3);
  });
});

describe('rows changed by other plugins', () => {
  it('maps every loaded row (e.g. a label renamed)', async () => {
    const kit = await openedKit();
    await allSettled(kit.model.host.rowsMapped, {
      scope: kit.scope,
      params: (row) => (row.id === '2' ? projectVersion('2', { title: 'Renamed' }) : row),
    });
    expect(kit.scope.getState(kit.model.versions.$rows).map((r) => r.attributes.title)).toEqual(['Video 1', 'Renamed']);
  });
});
