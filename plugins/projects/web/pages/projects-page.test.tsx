import { Suspense } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'effector-react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it } from 'vitest';
import { ContainerProvider, createContainer, TOKENS } from '../../../../core';
import { PROJECTS_MODEL } from '../projects-model-loader';
import { createProjectsTestKit, page, type RecordedCall } from '../testing/projects-test-kit';
import ProjectsPage from './projects-page';

afterEach(cleanup);

/**
 * The page as people get it: the real projects model (HTTP faked, answering `pages` by number) in
 * a container, the real table in a viewport. Guards the wiring from the table's end to the next
 * page request, which tests of the model or of the table alone cannot see.
 */
async function renderProjectsPage(pages: ReturnType<typeof page>[]) {
  const kit = createProjectsTestKit();
  kit.api.reply('GET', '/api/v1/project_versions', (call: RecordedCall) => pages.find((p) => p.meta.page === (call.params as { page: number }).page) ?? page([], 99, false));
  const container = createContainer();
  container.bind(TOKENS.AppModel).toConstantValue(kit.app);
  container.bind(TOKENS.Navigator).toConstantValue({ navigate: () => {} });
  container.bind(PROJECTS_MODEL).toConstantValue({ ...kit.model, parts: [] });
  await kit.start();
  await act(async () => {
    render(
      <Provider value={kit.scope}>
        <ContainerProvider container={container}>
          <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 40 }}>
            <Suspense fallback={null}>
              <ProjectsPage />
            </Suspense>
          </VirtuosoMockContext.Provider>
        </ContainerProvider>
      </Provider>,
    );
  });
  // Distinct pages asked for, in order (the workspace's start and the page's opening both load page 1).
  const pagesAsked = () => [...new Set(kit.listCalls().map((query) => (query as { page: number }).page))];
  return { kit, pagesAsked };
}

describe('projects page: infinite scroll', () => {
  it('asks for the next page when the end of the loaded rows is in view, and shows its rows', async () => {
    const { pagesAsked } = await renderProjectsPage([page(['1', '2'], 1, true), page(['3', '4'], 2, false)]);
    await waitFor(() => expect(screen.queryByText('Video 4')).not.toBeNull());
    expect(pagesAsked()).toEqual([1, 2]);
  });

  it('stops asking once the server says there is no more', async () => {
    const { pagesAsked } = await renderProjectsPage([page(['1', '2'], 1, false)]);
    await waitFor(() => expect(screen.queryByText('Video 2')).not.toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(pagesAsked()).toEqual([1]);
  });
});
