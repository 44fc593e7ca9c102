import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { LanguageAssignmentsResource } from '../common/assignments-contract';
import { createAssignmentsModel } from './assignments-model';

const spanish = (translator: string | null): LanguageAssignmentsResource => ({
  id: '11',
  type: 'languageAssignments',
  attributes: {
    language: 'es',
    kind: 'translation',
    reviewer: null,
    translator: translator
      ? {
          id: '5',
          type: 'assignment',
          attributes: { subtitleId: '11', role: 'translator', userId: '3', assigneeName: translator, dueOn: null },
        }
      : null,
  },
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const model = createAssignmentsModel({ api, toast, logger: { error: () => {} } });
  const scope = fork();
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title }) => ({ kind, title }));
  return { api, model, scope, toasts };
}

describe('assignments model', () => {
  it('an assignment made in the popup closes it, says who has it and reads the version again', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/project_versions/9/assignments', {
      data: [spanish(null)],
      meta: { canAssign: true },
    });
    await allSettled(kit.model.versionOpened, { scope: kit.scope, params: '9' });
    expect(kit.scope.getState(kit.model.$canAssign)).toBe(true);
    kit.api.reply('GET', '/api/v1/assignees', { data: [] });
    await allSettled(kit.model.dialogOpened, {
      scope: kit.scope,
      params: { workspaceId: '2', language: spanish(null), role: 'translator' },
    });
    expect(kit.api.callsTo('GET', '/api/v1/assignees')[0].params).toEqual({ workspaceId: '2' });

    kit.api.reply('PUT', '/api/v1/subtitles/11/assignments/translator', {
      data: spanish('Mo Member').attributes.translator,
    });
    kit.api.reply('GET', '/api/v1/project_versions/9/assignments', {
      data: [spanish('Mo Member')],
      meta: { canAssign: true },
    });
    await allSettled(kit.model.assignRequested, {
      scope: kit.scope,
      params: { subtitleId: '11', role: 'translator', userId: '3', dueOn: null },
    });
    expect(kit.scope.getState(kit.model.$dialog)).toBeNull();
    expect(kit.scope.getState(kit.model.$languages)[0].attributes.translator?.attributes.assigneeName).toBe(
      'Mo Member',
    );
    expect(kit.toasts()).toEqual([{ kind: 'success', title: 'Mo Member is now the translator' }]);
  });

  it('a refusal keeps the popup open with the server’s message on its field', async () => {
    const kit = setUp();
    await allSettled(kit.model.dialogOpened, {
      scope: kit.scope,
      params: { workspaceId: '2', language: spanish(null), role: 'translator' },
    });
    kit.api.reply(
      'PUT',
      '/api/v1/subtitles/11/assignments/translator',
      new ApiError('Only members of this workspace can be assigned', 422, 'not_member', 'userId'),
    );
    await allSettled(kit.model.assignRequested, {
      scope: kit.scope,
      params: { subtitleId: '11', role: 'translator', userId: '99', dueOn: null },
    });
    expect(kit.scope.getState(kit.model.$dialog)).not.toBeNull();
    expect(kit.scope.getState(kit.model.$fieldError)).toEqual({
      field: 'userId',
      message: 'Only members of this workspace can be assigned',
    });
    expect(kit.toasts()).toEqual([{ kind: 'error', title: 'Could not assign' }]);
  });
});
