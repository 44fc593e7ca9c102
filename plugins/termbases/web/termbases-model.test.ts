import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createAppModel, createContainer, createToastService, TOKENS } from '../../../core';
import { FakeApiClient, type RecordedCall } from '../../../core/testing/fake-api-client';
import { testWhenContext } from '../../../core/testing/when-context';
import type { TermbaseEntryResource, TermbaseResource, Terms } from '../common/termbases-contract';
import { termbaseCommandChoices, termbasePickerChoices } from './termbase-choices';
import { createTermbasesModel } from './termbases-model';
import { termbasesModel } from './termbases-model-loader';

const termbase = (id: string, name: string, entriesCount = 0, languages = ['en', 'es']): TermbaseResource => ({
  id,
  type: 'termbase',
  attributes: { name, languages, entriesCount, workspaceId: 'w1', updatedAt: '2026-11-25T10:00:00.000Z' },
});
const entry = (id: string, terms: Terms, termbaseId = '1'): TermbaseEntryResource => ({
  id,
  type: 'termbase_entry',
  attributes: { termbaseId, terms },
});
const page = <T>(data: T[], hasMore = false, pageNumber = 1) => ({
  data,
  meta: { page: pageNumber, perPage: 50, hasMore },
});

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const model = createTermbasesModel({ api, app, toast, logger: { error: () => {} } });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () =>
    scope
      .getState(toast.$toasts)
      .map(({ kind, title, description }) => ({ kind, title, ...(description ? { description } : {}) }));
  const counts = () => scope.getState(model.$items).map((t) => [t.attributes.name, t.attributes.entriesCount]);
  const terms = () => scope.getState(model.entries.$entries).map((e) => e.attributes.terms);
  return { api, toast, model, scope, toasts, counts, terms };
}

describe('term bases model', () => {
  it('creates, renames and deletes term bases with the contract’s (docs/product-contract.md#messages) toasts; says what failed', async () => {
    const kit = setUp();
    kit.api
      .reply('POST', '/api/v1/termbases/', (call: RecordedCall) =>
        (call.body as { name: string }).name === 'Bad'
          ? new ApiError('A term base needs at least two languages', 422)
          : { data: termbase('1', 'Medical') },
      )
      .reply('PUT', '/api/v1/termbases/1', { data: termbase('1', 'Medicine') })
      .reply('DELETE', '/api/v1/termbases/1', { data: { id: '1' } });
    await allSettled(kit.model.createSubmitted, {
      scope: kit.scope,
      params: { name: 'Medical', languages: ['en', 'es'] },
    });
    expect(kit.api.callsTo('POST', '/api/v1/termbases/')[0].body).toEqual({
      workspaceId: 'w1',
      name: 'Medical',
      languages: ['en', 'es'],
    });
    await allSettled(kit.model.createSubmitted, { scope: kit.scope, params: { name: 'Bad', languages: ['en'] } });
    await allSettled(kit.model.dialogOpened, {
      scope: kit.scope,
      params: { kind: 'rename', termbase: termbase('1', 'Medical') },
    });
    await allSettled(kit.model.changesSubmitted, { scope: kit.scope, params: { id: '1', name: 'Medicine' } });
    expect(kit.scope.getState(kit.model.$dialog)).toBeNull();
    expect(kit.counts()).toEqual([['Medicine', 0]]);
    await allSettled(kit.model.deleteRequested, { scope: kit.scope, params: ['1'] });
    expect(kit.counts()).toEqual([]);
    expect(kit.toasts()).toEqual([
      { kind: 'success', title: 'Term base created' },
      {
        kind: 'error',
        title: 'Term base could not be created',
        description: 'A term base needs at least two languages',
      },
      { kind: 'success', title: 'Changes saved' },
      { kind: 'success', title: 'Term base deleted' },
    ]);
  });

  it('imports a file: "Terms imported", the count follows; a refused file keeps the popup open with the line the server names', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/termbases/', page([termbase('1', 'Medical', 1)]))
      .reply('PUT', '/api/v1/termbases/1/import_entries', (call: RecordedCall) =>
        (call.body as { content: string }).content.includes('oops')
          ? new ApiError('Line 3: 2 terms expected, 3 found', 422, 'invalid', 'content')
          : { data: termbase('1', 'Medical', 3), meta: { imported: 2 } },
      );
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.dialogOpened, {
      scope: kit.scope,
      params: { kind: 'import', termbase: termbase('1', 'Medical', 1) },
    });
    await allSettled(kit.model.importSubmitted, {
      scope: kit.scope,
      params: { termbaseId: '1', content: 'en,es\nbone,hueso\noops,a,b\n' },
    });
    expect(kit.scope.getState(kit.model.$dialog)?.kind).toBe('import');
    expect(kit.scope.getState(kit.model.$importError)).toBe('Line 3: 2 terms expected, 3 found');
    expect(kit.counts()).toEqual([['Medical', 1]]);
    await allSettled(kit.model.importSubmitted, {
      scope: kit.scope,
      params: { termbaseId: '1', content: 'en,es\nbone,hueso\nskull,cráneo\n' },
    });
    expect(kit.api.callsTo('PUT', '/api/v1/termbases/1/import_entries')[1].body).toEqual({
      content: 'en,es\nbone,hueso\nskull,cráneo\n',
    });
    expect(kit.scope.getState(kit.model.$dialog)).toBeNull();
    expect(kit.counts()).toEqual([['Medical', 3]]);
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Terms could not be imported', description: 'Line 3: 2 terms expected, 3 found' },
      { kind: 'success', title: 'Terms imported', description: '2 entries added.' },
    ]);
  });
});

describe('a term base’s entries', () => {
  it('finds the term base opened by its address, lists its entries page by page and searched by the server', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/termbases/', (call: RecordedCall) =>
        (call.params as { page: number }).page === 1
          ? page([termbase('1', 'Medical')], true)
          : page([termbase('7', 'Legal', 2)], false, 2),
      )
      .reply('GET', '/api/v1/termbase_entries', (call: RecordedCall) => {
        const { page: n = 1, search } = call.params as { page?: number; search?: string };
        if (search) return page([entry('2', { en: 'contract', es: 'contrato' }, '7')]);
        return n === 1
          ? page([entry('1', { en: 'court', es: 'tribunal' }, '7')], true)
          : page([entry('2', { en: 'contract', es: 'contrato' }, '7')], false, 2);
      });
    await allSettled(kit.model.termbaseWanted, { scope: kit.scope, params: '7' });
    expect(kit.scope.getState(kit.model.$open)?.attributes.name).toBe('Legal');
    await allSettled(kit.model.entries.opened, { scope: kit.scope, params: '7' });
    await allSettled(kit.model.entries.nextPageRequested, { scope: kit.scope });
    expect(kit.terms()).toEqual([
      { en: 'court', es: 'tribunal' },
      { en: 'contract', es: 'contrato' },
    ]);
    await allSettled(kit.model.entries.searchChanged, { scope: kit.scope, params: ' contr ' });
    expect(kit.api.callsTo('GET', '/api/v1/termbase_entries').at(-1)!.params).toEqual({
      termbaseId: '7',
      page: 1,
      search: 'contr',
    });
    expect(kit.terms()).toEqual([{ en: 'contract', es: 'contrato' }]);

    await allSettled(kit.model.termbaseWanted, { scope: kit.scope, params: '404' });
    expect(kit.scope.getState(kit.model.$missing)).toBe(true);
  });

  it('adds, changes and deletes entries; Undo adds the deleted terms back; counts follow', async () => {
    const kit = setUp();
    let next = 10;
    kit.api
      .reply('GET', '/api/v1/termbases/', page([termbase('1', 'Medical', 1)]))
      .reply('GET', '/api/v1/termbase_entries', page([entry('1', { en: 'bone', es: 'hueso' })]))
      .reply('PUT', '/api/v1/termbases/1/add_entry', (call: RecordedCall) => ({
        data: entry(String(next++), (call.body as { terms: Terms }).terms),
      }))
      .reply('PUT', '/api/v1/termbase_entries/1', (call: RecordedCall) => ({
        data: entry('1', (call.body as { terms: Terms }).terms),
      }))
      .reply('DELETE', '/api/v1/termbase_entries/1', { data: { id: '1' } });
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.termbaseWanted, { scope: kit.scope, params: '1' });
    await allSettled(kit.model.entries.opened, { scope: kit.scope, params: '1' });

    await allSettled(kit.model.entries.entryAdded, { scope: kit.scope, params: { en: 'skull', es: 'cráneo' } });
    expect(kit.terms()).toEqual([
      { en: 'skull', es: 'cráneo' },
      { en: 'bone', es: 'hueso' },
    ]);
    expect(kit.counts()).toEqual([['Medical', 2]]);
    expect(kit.scope.getState(kit.model.$open)?.attributes.entriesCount).toBe(2);

    await allSettled(kit.model.entries.entryChanged, {
      scope: kit.scope,
      params: { id: '1', terms: { en: 'bone', es: 'el hueso' } },
    });
    expect(kit.terms()[1]).toEqual({ en: 'bone', es: 'el hueso' });

    await allSettled(kit.model.entries.deleteRequested, {
      scope: kit.scope,
      params: [entry('1', { en: 'bone', es: 'el hueso' })],
    });
    expect(kit.terms()).toEqual([{ en: 'skull', es: 'cráneo' }]);
    expect(kit.counts()).toEqual([['Medical', 1]]);
    const deleted = kit.scope.getState(kit.toast.$toasts).at(-1)!;
    expect([deleted.title, deleted.action?.label]).toEqual(['Term deleted', 'Undo']);

    await allSettled(deleted.action!.event, { scope: kit.scope });
    expect(kit.api.callsTo('PUT', '/api/v1/termbases/1/add_entry').at(-1)!.body).toEqual({
      terms: { en: 'bone', es: 'el hueso' },
    });
    expect(kit.terms()).toEqual([
      { en: 'bone', es: 'el hueso' },
      { en: 'skull', es: 'cráneo' },
    ]);
    expect(kit.counts()).toEqual([['Medical', 2]]);
    expect(kit.toasts().map((t) => t.title)).toEqual(['Term added', 'Changes saved', 'Term deleted', 'Term added']);
  });

  it('says "Term could not be added" with the server’s reason, and keeps the count', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/termbases/', page([termbase('1', 'Medical', 0)]))
      .reply('GET', '/api/v1/termbase_entries', page([]))
      .reply(
        'PUT',
        '/api/v1/termbases/1/add_entry',
        new ApiError('A term is too long (maximum is 200 characters)', 422),
      );
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.termbaseWanted, { scope: kit.scope, params: '1' });
    await allSettled(kit.model.entries.entryAdded, { scope: kit.scope, params: { en: 'x'.repeat(300) } });
    expect(kit.toasts()).toEqual([
      {
        kind: 'error',
        title: 'Term could not be added',
        description: 'A term is too long (maximum is 200 characters)',
      },
    ]);
    expect(kit.counts()).toEqual([['Medical', 0]]);
  });
});

describe('choices of the palette and the set-up picker', () => {
  it('name each term base with its languages in full and its size; "Import terms…" opens the popup on the term base’s page', async () => {
    const api = new FakeApiClient().reply(
      'GET',
      '/api/v1/termbases/',
      page([termbase('1', 'Medical', 1, ['en', 'es', 'fr'])]),
    );
    const toast = createToastService();
    const app = createAppModel({ api, toast });
    const model = createTermbasesModel({ api, app, toast, logger: { error: () => {} } });
    const container = createContainer();
    container.bind(TOKENS.ApiClient).toConstantValue(api);
    container.bind(termbasesModel.token).toConstantValue(model);
    const visited: string[] = [];
    const ctx = { container, app, navigate: (path: string) => void visited.push(path), when: testWhenContext() };

    expect(await termbasePickerChoices({ api, workspaceId: 'w1' })).toEqual([
      { id: '1', title: 'Medical', subtitle: 'English, Spanish, French · 1 entry' },
    ]);
    const choices = await termbaseCommandChoices(ctx, ' med ', 'import');
    expect(api.calls.at(-1)!.params).toEqual({ workspaceId: 'w1', search: 'med' });
    await choices[0].run(ctx);
    expect(visited).toEqual(['/termbases/1']);
    expect(model.$dialog.getState()).toMatchObject({ kind: 'import', termbase: { id: '1' } });
    expect(
      await termbaseCommandChoices({ ...ctx, when: testWhenContext({ workspaceId: null }) }, '', 'rename'),
    ).toEqual([]);
  });
});
