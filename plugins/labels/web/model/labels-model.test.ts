import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../core';
import { labelFilterParams } from '../labels-table-parts';
import { createLabelsTestKit, label } from '../testing/labels-test-kit';

describe('labels list', () => {
  it('loads the workspace labels sorted by caption, and shows the spec message when it cannot', async () => {
    const kit = createLabelsTestKit();
    await kit.start();
    expect(kit.api.callsTo('GET', '/api/v1/labels/').at(-1)?.params).toEqual({ workspaceId: 'w1' });
    expect(kit.scope.getState(kit.model.$labels).map((l) => l.attributes.caption)).toEqual(['b-roll', 'Interviews']);

    kit.api.reply('GET', '/api/v1/labels/', new ApiError('Down', 503));
    kit.api.reply('PUT', '/api/v1/users/set_last_used_workspace', {});
    await allSettled(kit.app.workspaceSelected, { scope: kit.scope, params: 'w2' });
    expect(kit.scope.getState(kit.model.$labels)).toEqual([]);
    expect(kit.toasts()).toContainEqual({ kind: 'error', title: 'Labels could not be loaded', description: 'Down' });
  });
});

describe('label filter', () => {
  it('starts from the cookie, keeps every change in it, and drops ids the workspace does not have', async () => {
    const kit = createLabelsTestKit({ cookie: 'l1,gone' });
    expect(kit.scope.getState(kit.model.$selectedLabelIds)).toEqual(['l1', 'gone']);
    await kit.start();
    expect(kit.scope.getState(kit.model.$selectedLabelIds)).toEqual(['l1']);
    expect(kit.cookies.get('selected_labels')).toBe('l1');

    await allSettled(kit.model.labelToggled, { scope: kit.scope, params: 'l2' });
    expect(kit.cookies.get('selected_labels')).toBe('l1,l2');
    await allSettled(kit.model.labelToggled, { scope: kit.scope, params: 'l1' });
    expect(kit.cookies.get('selected_labels')).toBe('l2');
    await allSettled(kit.model.filterCleared, { scope: kit.scope });
    expect(kit.cookies.get('selected_labels')).toBeNull();
  });

  it('becomes the labels parameter of the project-version search, or none', () => {
    expect(labelFilterParams(['l1', 'l2'])).toEqual({ labels: ['l1', 'l2'] });
    expect(labelFilterParams([])).toEqual({});
  });
});

describe('creating, renaming and deleting', () => {
  it('creates a label and assigns it to the selected versions (docs/product-contract.md#states-and-transitions), updating those rows', async () => {
    const kit = createLabelsTestKit();
    await kit.start();
    kit.api.reply('POST', '/api/v1/labels/', {
      data: label('l3', 'Approved', { projectVersionCount: 2, projectVersionIds: ['1', '3'] }),
    });
    await allSettled(kit.model.createSubmitted, {
      scope: kit.scope,
      params: { caption: ' Approved ', projectVersionIds: ['1', '3'] },
    });
    expect(kit.api.callsTo('POST', '/api/v1/labels/')[0].body).toEqual({
      workspaceId: 'w1',
      caption: 'Approved',
      projectVersionIds: ['1', '3'],
    });
    expect(kit.toasts()).toContainEqual({
      kind: 'success',
      title: 'Label created and assigned',
      description: undefined,
    });
    expect(kit.rowLabels()).toEqual({ 1: ['Approved'], 2: [], 3: ['Approved'] });
    expect(kit.scope.getState(kit.model.$labels).map((l) => l.attributes.caption)).toEqual([
      'Approved',
      'b-roll',
      'Interviews',
    ]);

    kit.api.reply('POST', '/api/v1/labels/', { data: label('l4', 'Draft') });
    await allSettled(kit.model.createSubmitted, { scope: kit.scope, params: { caption: 'Draft' } });
    expect(kit.toasts().at(-1)).toEqual({ kind: 'success', title: 'Label created', description: undefined });
  });

  it('renames a label everywhere it shows, and tells when it cannot', async () => {
    const kit = createLabelsTestKit();
    await kit.start();
    kit.api.reply('POST', '/api/v1/project_version_labels/', {
      data: label('l2', 'Interviews', { projectVersionIds: ['2'] }),
    });
    await allSettled(kit.model.assignRequested, {
      scope: kit.scope,
      params: { labelId: 'l2', projectVersionIds: ['2'] },
    });
    kit.api.reply('PUT', '/api/v1/labels/l2', { data: label('l2', 'Talks') });
    await allSettled(kit.model.renameSubmitted, { scope: kit.scope, params: { labelId: 'l2', caption: 'Talks' } });
    expect(kit.api.callsTo('PUT', '/api/v1/labels/l2')[0].body).toEqual({ caption: 'Talks' });
    expect(kit.rowLabels()[2]).toEqual(['Talks']);
    expect(kit.toasts().at(-1)).toEqual({ kind: 'success', title: 'Label is renamed!', description: undefined });

    kit.api.reply(
      'PUT',
      '/api/v1/labels/l2',
      new ApiError('A label with this caption already exists in this workspace', 422),
    );
    await allSettled(kit.model.renameSubmitted, { scope: kit.scope, params: { labelId: 'l2', caption: 'b-roll' } });
    expect(kit.toasts().at(-1)).toEqual({
      kind: 'error',
      title: 'Label could not be renamed!',
      description: 'A label with this caption already exists in this workspace',
    });
  });

  it('after deleting a label the selections reset to empty and the label leaves the rows', async () => {
    const kit = createLabelsTestKit({ cookie: 'l2' });
    await kit.start();
    kit.api.reply('POST', '/api/v1/project_version_labels/', {
      data: label('l2', 'Interviews', { projectVersionIds: ['1', '2'] }),
    });
    await allSettled(kit.model.assignRequested, {
      scope: kit.scope,
      params: { labelId: 'l2', projectVersionIds: ['1', '2'] },
    });
    await allSettled(kit.selectionChanged, { scope: kit.scope, params: new Set(['1']) });

    kit.api.reply('DELETE', '/api/v1/labels/l2', { data: { id: 'l2' } });
    await allSettled(kit.model.deleteConfirmed, { scope: kit.scope, params: 'l2' });
    expect(kit.scope.getState(kit.model.$selectedLabelIds)).toEqual([]);
    expect(kit.cookies.get('selected_labels')).toBeNull();
    expect(kit.scope.getState(kit.host.$selection).size).toBe(0);
    expect(kit.rowLabels()).toEqual({ 1: [], 2: [], 3: [] });
    expect(kit.scope.getState(kit.model.$labels).map((l) => l.id)).toEqual(['l1']);
    expect(kit.toasts().at(-1)).toEqual({ kind: 'success', title: 'Label is deleted!', description: undefined });

    kit.api.reply('DELETE', '/api/v1/labels/l1', new ApiError('Label not found', 404));
    await allSettled(kit.model.deleteConfirmed, { scope: kit.scope, params: 'l1' });
    expect(kit.toasts().at(-1)).toEqual({
      kind: 'error',
      title: 'Label could not be deleted!',
      description: 'Label not found',
    });
  });
});

describe('bulk assign and remove', () => {
  it('sends every selected id in one call and updates only the rows the server changed', async () => {
    const kit = createLabelsTestKit();
    await kit.start();
    kit.api.reply('POST', '/api/v1/project_version_labels/', {
      data: label('l1', 'b-roll', { projectVersionIds: ['1', '2', '3'] }),
    });
    await allSettled(kit.model.assignRequested, {
      scope: kit.scope,
      params: { labelId: 'l1', projectVersionIds: ['1', '2', '3'] },
    });
    expect(kit.api.callsTo('POST', '/api/v1/project_version_labels/')[0].body).toEqual({
      labelId: 'l1',
      selectedProjectVersionIds: ['1', '2', '3'],
    });
    expect(kit.rowLabels()).toEqual({ 1: ['b-roll'], 2: ['b-roll'], 3: ['b-roll'] });

    kit.api.reply('DELETE', '/api/v1/project_version_labels/', {
      data: label('l1', 'b-roll', { projectVersionIds: ['2'] }),
    });
    await allSettled(kit.model.removeRequested, {
      scope: kit.scope,
      params: { labelId: 'l1', projectVersionIds: ['2', '3'] },
    });
    expect(kit.api.callsTo('DELETE', '/api/v1/project_version_labels/')[0].body).toEqual({
      labelId: 'l1',
      selectedProjectVersionIds: ['2', '3'],
    });
    expect(kit.rowLabels()).toEqual({ 1: ['b-roll'], 2: [], 3: ['b-roll'] });

    kit.api.reply('POST', '/api/v1/project_version_labels/', new ApiError('Boom', 500));
    await allSettled(kit.model.assignRequested, {
      scope: kit.scope,
      params: { labelId: 'l1', projectVersionIds: ['2'] },
    });
    expect(kit.toasts().at(-1)).toEqual({ kind: 'error', title: 'Labels could not be updated', description: 'Boom' });
  });
});
