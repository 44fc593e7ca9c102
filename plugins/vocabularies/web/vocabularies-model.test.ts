import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createAppModel, createToastService } from '../../../core';
import { FakeApiClient, type RecordedCall } from '../../../core/testing/fake-api-client';
import type { VocabularyResource } from '../common/vocabularies-contract';
import { createVocabulariesModel } from './vocabularies-model';

const list = (id: string, name: string, utterances: string[] = []): VocabularyResource => ({
  id,
  type: 'vocabulary',
  attributes: { name, utterances, workspaceId: 'w1', updatedAt: '2026-11-24T10:00:00.000Z' },
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const model = createVocabulariesModel({ api, app, toast, logger: { error: () => {} } });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title }) => ({ kind, title }));
  const names = () => scope.getState(model.$lists).map((l) => l.attributes.name);
  return { api, app, model, scope, toasts, names };
}

describe('vocabularies model', () => {
  it('loads the workspace’s lists, pages on, searches from page 1', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/vocabularies/', (call: RecordedCall) => {
      const page = (call.params as { page: number }).page;
      return page === 1
        ? { data: [list('1', 'Anatomy')], meta: { page, perPage: 50, hasMore: true } }
        : { data: [list('2', 'Brands')], meta: { page, perPage: 50, hasMore: false } };
    });
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.nextPageRequested, { scope: kit.scope });
    expect(kit.names()).toEqual(['Anatomy', 'Brands']);
    await allSettled(kit.model.nextPageRequested, { scope: kit.scope });
    expect(kit.api.callsTo('GET', '/api/v1/vocabularies/')).toHaveLength(2);

    await allSettled(kit.model.searchChanged, { scope: kit.scope, params: ' brand ' });
    expect(kit.api.callsTo('GET', '/api/v1/vocabularies/').at(-1)!.params).toEqual({
      workspaceId: 'w1',
      page: 1,
      search: 'brand',
    });
  });

  it('creates, renames ("Name saved"), edits entries ("Changes saved") and deletes, with the contract’s (docs/product-contract.md#messages) toasts', async () => {
    const kit = setUp();
    kit.api
      .reply('POST', '/api/v1/vocabularies/', { data: list('9', 'Brands', ['Polycue']) })
      .reply('PUT', '/api/v1/vocabularies/9', (call: RecordedCall) => ({
        data: list('9', (call.body as { name?: string }).name ?? 'Brands', ['Polycue']),
      }))
      .reply('DELETE', '/api/v1/vocabularies/9', { data: { id: '9' } });
    await allSettled(kit.model.createSubmitted, {
      scope: kit.scope,
      params: { name: 'Brands', utterances: ['Polycue'] },
    });
    expect(kit.api.callsTo('POST', '/api/v1/vocabularies/')[0].body).toEqual({
      workspaceId: 'w1',
      name: 'Brands',
      utterances: ['Polycue'],
    });
    await allSettled(kit.model.changesSubmitted, { scope: kit.scope, params: { id: '9', name: 'Brand names' } });
    await allSettled(kit.model.changesSubmitted, { scope: kit.scope, params: { id: '9', utterances: ['Polycue'] } });
    expect(kit.names()).toEqual(['Brands']);
    await allSettled(kit.model.deleteRequested, { scope: kit.scope, params: ['9'] });
    expect(kit.names()).toEqual([]);
    expect(kit.toasts().map((t) => t.title)).toEqual([
      'Vocabulary list created',
      'Name saved',
      'Changes saved',
      'Vocabulary list deleted',
    ]);
  });

  it('says what failed in the spec’s words', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/vocabularies/', new ApiError('Boom', 500))
      .reply('POST', '/api/v1/vocabularies/', new ApiError("Name can't be blank", 422))
      .reply('PUT', '/api/v1/vocabularies/1', new ApiError('Boom', 500))
      .reply('DELETE', '/api/v1/vocabularies/1', new ApiError('Boom', 500));
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.createSubmitted, { scope: kit.scope, params: { name: ' ', utterances: [] } });
    await allSettled(kit.model.changesSubmitted, { scope: kit.scope, params: { id: '1', name: 'x' } });
    await allSettled(kit.model.deleteRequested, { scope: kit.scope, params: ['1'] });
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Vocabulary lists could not be loaded' },
      { kind: 'error', title: 'Vocabulary list could not be created' },
      { kind: 'error', title: 'Changes could not be saved' },
      { kind: 'error', title: 'Vocabulary list could not be deleted' },
    ]);
  });
});
