import { describe, expect, it, vi } from 'vitest';
import { createContainer, TOKENS, type ApiClient, type CommandContext } from '../../../core';
import { FakeApiClient } from '../../../core/testing/fake-api-client';
import { testWhenContext } from '../../../core/testing/when-context';
import { openSubtitleCommands } from './open-subtitle-search';

describe('"Open “…” in <language>" from the palette’s first page', () => {
  it('searches the list by title and offers each found version’s subtitles, by language name; one opens its view', async () => {
    const api = new FakeApiClient().reply('GET', '/api/v1/project_versions', {
      data: [
        {
          id: 'v1',
          type: 'project_version',
          attributes: {
            title: 'Harbour tour',
            projectId: 'p1',
            subtitles: [
              { id: 's1', type: 'subtitle', attributes: { language: 'en' } },
              { id: 's2', type: 'subtitle', attributes: { language: 'es' } },
            ],
          },
        },
        { id: 'v2', type: 'project_version', attributes: { title: 'Harbour night', projectId: 'p2', subtitles: [] } },
      ],
      meta: { page: 1, perPage: 5, hasMore: false, nextCursor: null },
    });
    const container = createContainer();
    container.bind(TOKENS.ApiClient).toConstantValue(api as ApiClient);
    const navigate = vi.fn();
    const ctx = { container, navigate, when: testWhenContext() } as unknown as CommandContext;
    const commands = await openSubtitleCommands(ctx, 'harbour');
    expect(api.callsTo('GET', '/api/v1/project_versions')[0].params).toMatchObject({
      workspaceId: 'w1',
      search: 'harbour',
    });
    expect(commands.map((c) => c.title)).toEqual(['Open “Harbour tour” in English', 'Open “Harbour tour” in Spanish']);
    await commands[1].run!(ctx);
    expect(navigate).toHaveBeenCalledWith('/projects/p1/project_versions/v1/subtitles/s2');
  });
});

describe('"Open “…” in <language>" by title and language words', () => {
  const versions = [
    {
      id: 'v1',
      type: 'project_version',
      attributes: {
        title: 'Harbour tour',
        projectId: 'p1',
        subtitles: [
          { id: 's1', type: 'subtitle', attributes: { language: 'en' } },
          { id: 's2', type: 'subtitle', attributes: { language: 'es' } },
          { id: 's3', type: 'subtitle', attributes: { language: 'et' } },
        ],
      },
    },
  ];
  // The list's search as the server does it: every word in the title.
  const server = () =>
    new FakeApiClient().reply('GET', '/api/v1/project_versions', (call: { params?: Record<string, unknown> }) => ({
      data: versions.filter((v) =>
        String(call.params?.search)
          .split(' ')
          .every((word) => v.attributes.title.toLowerCase().includes(word)),
      ),
      meta: { page: 1, perPage: 5, hasMore: false, nextCursor: null },
    }));
  const titles = async (search: string) => {
    const container = createContainer();
    container.bind(TOKENS.ApiClient).toConstantValue(server() as unknown as ApiClient);
    const ctx = { container, navigate: vi.fn(), when: testWhenContext() } as unknown as CommandContext;
    return (await openSubtitleCommands(ctx, search)).map((c) => c.title);
  };

  it.each(['harbour es', 'harbour spanish', 'harbour in spanish', 'Harbour Span', 'harbour tour es'])(
    '"%s" finds the Spanish subtitles only',
    async (search) => {
      expect(await titles(search)).toEqual(['Open “Harbour tour” in Spanish']);
    },
  );
  it('the title alone still offers every language; a language it lacks offers nothing', async () => {
    expect(await titles('harbour')).toHaveLength(3);
    expect(await titles('harbour german')).toEqual([]);
  });
});
