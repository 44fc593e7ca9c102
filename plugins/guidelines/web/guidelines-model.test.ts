import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createAppModel, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import type { GuidelineResource } from '../common/guidelines-contract';
import { createGuidelinesModel } from './guidelines-model';

const guideline = (id: string, name: string, isDefault = false): GuidelineResource => ({
  id,
  type: 'guideline',
  attributes: { name, prompt: '', parameters: {}, isDefault, workspaceId: 'w1', updatedAt: '2026-11-25T10:00:00.000Z' },
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const model = createGuidelinesModel({ api, app, toast, logger: { error: () => {} } });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title }) => ({ kind, title }));
  const defaults = () => scope.getState(model.$items).map((g) => [g.attributes.name, g.attributes.isDefault]);
  return { api, model, scope, toasts, defaults };
}

describe('guidelines model', () => {
  it('makes one the default (the previous one no longer is), clears it again, each with its toast', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/guidelines/', {
        data: [guideline('1', 'Alpha', true), guideline('2', 'Beta')],
        meta: { page: 1, perPage: 50, hasMore: false },
      })
      .reply('PUT', '/api/v1/guidelines/2/update_default', { data: guideline('2', 'Beta', true) })
      .reply('DELETE', '/api/v1/guidelines/2/destroy_default', { data: guideline('2', 'Beta', false) });
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.defaultToggled, { scope: kit.scope, params: guideline('2', 'Beta') });
    expect(kit.defaults()).toEqual([
      ['Alpha', false],
      ['Beta', true],
    ]);
    await allSettled(kit.model.defaultToggled, { scope: kit.scope, params: guideline('2', 'Beta', true) });
    expect(kit.defaults()).toEqual([
      ['Alpha', false],
      ['Beta', false],
    ]);
    expect(kit.toasts()).toEqual([
      { kind: 'success', title: 'Default guideline set' },
      { kind: 'success', title: 'Default guideline cleared' },
    ]);
  });

  it('says "Guideline could not be created" with the server’s reason, and keeps the list as it was', async () => {
    const kit = setUp();
    kit.api.reply('POST', '/api/v1/guidelines/', new ApiError("Name can't be blank", 422, 'invalid', 'name'));
    await allSettled(kit.model.createSubmitted, {
      scope: kit.scope,
      params: { name: ' ', prompt: '', parameters: {} },
    });
    expect(kit.toasts()).toEqual([{ kind: 'error', title: 'Guideline could not be created' }]);
    expect(kit.defaults()).toEqual([]);
  });
});

describe('"Set default guideline…" from the palette', () => {
  it('lists the guidelines, the default saying so; choosing one makes it the default', async () => {
    const { createContainer, TOKENS } = await import('../../../core');
    const { testWhenContext } = await import('../../../core/testing/when-context');
    const { defaultGuidelineChoices } = await import('./guideline-default-choices');
    const { guidelinesModel } = await import('./guidelines-model-loader');
    const api = new FakeApiClient()
      .reply('GET', '/api/v1/guidelines/', {
        data: [guideline('1', 'Alpha', true), guideline('2', 'Beta')],
        meta: { page: 1, perPage: 50, hasMore: false },
      })
      .reply('PUT', '/api/v1/guidelines/2/update_default', { data: guideline('2', 'Beta', true) });
    const toast = createToastService();
    const app = createAppModel({ api, toast });
    const container = createContainer();
    container.bind(TOKENS.ApiClient).toConstantValue(api);
    container
      .bind(guidelinesModel.token)
      .toConstantValue(createGuidelinesModel({ api, app, toast, logger: { error: () => {} } }));
    const ctx = { container, app, navigate: () => {}, when: testWhenContext() };
    const choices = await defaultGuidelineChoices(ctx);
    expect(choices.map((c) => [c.title, c.subtitle])).toEqual([
      ['Alpha', 'Default now · choose to clear it'],
      ['Beta', undefined],
    ]);
    await choices[1].run(ctx);
    await vi.waitFor(() => expect(api.callsTo('PUT', '/api/v1/guidelines/2/update_default')).toHaveLength(1));
    await vi.waitFor(() => expect(toast.$toasts.getState().map((t) => t.title)).toEqual(['Default guideline set']));
  });
});
