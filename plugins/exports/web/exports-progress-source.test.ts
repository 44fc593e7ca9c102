import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { progressSources, TOKENS, type ProgressSource } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { EXPORTS_PATHS } from '../common/exports-contract';
import exportsPlugin from './index';

/**
 * The progress panel polls the exports plugin's source outside any command: the shell hands it
 * the container with each poll, so the plugin keeps no container of its own (it once kept it in a
 * module-level variable set when its model was built, read as `host!`).
 */
describe('exports progress source', () => {
  it('asks get_by_ids through the container the poll passes, with no model built first', async () => {
    const api = new FakeApiClient().reply('POST', EXPORTS_PATHS.getByIds, {
      data: [{ id: '7', type: 'exportation', attributes: { title: 'Harbour tour.srt', state: 'queued', progress: 0 } }],
    });
    const container = new Container();
    container.bind(TOKENS.ApiClient).toConstantValue(api);
    const source = exportsPlugin.contributions!.find((c) => c.point.id === progressSources.id)!.value as ProgressSource;
    expect(exportsPlugin.model).toBeUndefined();

    const items = await source.fetch(['7', '8'], { container });

    expect(api.callsTo('POST', EXPORTS_PATHS.getByIds)[0].body).toEqual({ exportationIds: ['7', '8'] });
    expect(items).toEqual([
      { id: '7', title: 'Harbour tour.srt', state: 'running', progress: 0 },
      { id: '8', title: 'Export', progress: 0, state: 'failed', failure: 'This export is no longer available' },
    ]);
  });
});
