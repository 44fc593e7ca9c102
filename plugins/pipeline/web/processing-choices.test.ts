import { describe, expect, it, vi } from 'vitest';
import { createContainer, TOKENS, type ApiClient, type CommandContext } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { testWhenContext } from '../../../core/testing/when-context';
import { pipelineCommands } from './pipeline-commands';

const visibleTitles = (path: string, keys = {}) =>
  pipelineCommands
    .filter((c) => c.when?.(testWhenContext({ path, keys })) ?? true)
    .map((c) => c.title)
    .filter((t) => t.startsWith('Open processing'));

describe('"Open processing" is always offered in a workspace', () => {
  it('with no row selected it asks which version; with one version in view it opens that one', () => {
    expect(visibleTitles('/')).toEqual(['Open processing…']);
    expect(visibleTitles('/projects/p1/project_versions/v1')).toEqual(['Open processing']);
  });

  it('lists the workspace’s versions by title; one opens its processing page', async () => {
    const api = new FakeApiClient().reply('GET', '/api/v1/project_versions', {
      data: [
        { id: 'v1', type: 'project_version', attributes: { title: 'Harbour tour', projectId: 'p1', subtitles: [] } },
      ],
      meta: { page: 1, perPage: 20, hasMore: false, nextCursor: null },
    });
    const container = createContainer();
    container.bind(TOKENS.ApiClient).toConstantValue(api as unknown as ApiClient);
    const navigate = vi.fn();
    const ctx = { container, navigate, when: testWhenContext() } as unknown as CommandContext;
    const command = pipelineCommands.find((c) => c.title === 'Open processing…')!;
    const choices = await command.choices!(ctx, 'harb');
    expect(api.callsTo('GET', '/api/v1/project_versions')[0].params).toMatchObject({
      workspaceId: 'w1',
      search: 'harb',
    });
    expect(choices.map((c) => c.title)).toEqual(['Harbour tour']);
    await choices[0].run(ctx);
    expect(navigate).toHaveBeenCalledWith('/processing?projectVersionId=v1');
  });
});
