import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError, createAppModel, createToastService } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { DEFAULT_THEME_STYLE, type ThemeResource } from '../common/themes-contract';
import { createThemesModel } from './themes-model';

const theme = (id: string, name: string): ThemeResource => ({
  id,
  type: 'theme',
  attributes: { ...DEFAULT_THEME_STYLE, name, workspaceId: 'w1', updatedAt: '2026-11-26T10:00:00.000Z' },
});
const page = (...themes: ThemeResource[]) => ({ data: themes, meta: { page: 1, perPage: 50, hasMore: false } });

function setUp() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const model = createThemesModel({ api, app, toast, logger: { error: () => {} } });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title }) => ({ kind, title }));
  const names = () => scope.getState(model.$items).map((t) => t.attributes.name);
  return { api, model, scope, toasts, names };
}

describe('themes model', () => {
  it('says "Themes could not be loaded" (docs/product-contract.md#messages, verbatim) when the list fails', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/themes/', new ApiError('Down', 500, 'internal'));
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    expect(kit.toasts()).toEqual([{ kind: 'error', title: 'Themes could not be loaded' }]);
    expect(kit.names()).toEqual([]);
  });

  it('duplicates the selected themes, each copy in the list by name, with one toast', async () => {
    const kit = setUp();
    kit.api
      .reply('GET', '/api/v1/themes/', page(theme('1', 'Broadcast'), theme('2', 'Karaoke')))
      .reply('POST', '/api/v1/themes/1/duplicate', { data: theme('3', 'Broadcast (copy)') })
      .reply('POST', '/api/v1/themes/2/duplicate', { data: theme('4', 'Karaoke (copy)') });
    await allSettled(kit.model.pageOpened, { scope: kit.scope });
    await allSettled(kit.model.duplicateRequested, { scope: kit.scope, params: ['1', '2'] });
    expect(kit.names()).toEqual(['Broadcast', 'Broadcast (copy)', 'Karaoke', 'Karaoke (copy)']);
    expect(kit.toasts()).toEqual([{ kind: 'success', title: 'Theme duplicated' }]);
  });

  it('previews at once on opening, on the latest video; then once per pause in typing, with the latest style', async () => {
    const kit = setUp();
    kit.api.reply('GET', '/api/v1/project_versions', {
      data: [{ id: '7', type: 'project_version', attributes: { title: 'Harbour tour' } }],
      meta: {},
    });
    const { preview } = kit.model;
    const sources: string[] = [];
    preview.$src.updates.watch((src) => src && sources.push(src));
    await allSettled(preview.opened, { scope: kit.scope, params: DEFAULT_THEME_STYLE });
    expect(kit.scope.getState(preview.$chosenVideo)).toBe('7');
    const latest = () => new URL(kit.scope.getState(preview.$src)!, 'http://x').searchParams;
    expect(latest().get('projectVersionId')).toBe('7');
    expect(latest().get('textColor')).toBe('#ffffff');

    const before = sources.length;
    await Promise.all([
      allSettled(preview.changed, { scope: kit.scope, params: { ...DEFAULT_THEME_STYLE, fontSize: 60 } }),
      allSettled(preview.changed, { scope: kit.scope, params: { ...DEFAULT_THEME_STYLE, fontSize: 70 } }),
    ]);
    expect(sources.length - before).toBe(1);
    expect(latest().get('fontSize')).toBe('70');
    expect(kit.scope.getState(preview.$status)).toBe('loading');
    await allSettled(preview.imageLoaded, { scope: kit.scope });
    expect(kit.scope.getState(preview.$status)).toBe('ready');

    await allSettled(preview.videoChosen, { scope: kit.scope, params: null });
    expect(latest().has('projectVersionId')).toBe(false);
  });
});
