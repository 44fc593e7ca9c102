import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'effector-react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContainerProvider, createContainer, TOKENS } from '../../../../core';
import type { ProjectsTableParts } from '../extension-points';
import { PROJECTS_MODEL } from '../projects-model-loader';
import { createProjectsTestKit, page, type RecordedCall } from '../testing/projects-test-kit';
import ProjectsPage from './projects-page';

afterEach(cleanup);

/**
 * The page as people get it: the real projects model (HTTP faked, answering `pages` by number) in
 * a container, the real table in a viewport. Guards the wiring from the table's end to the next
 * page request, which tests of the model or of the table alone cannot see.
 */
async function renderProjectsPage(pages: ReturnType<typeof page>[], parts: ProjectsTableParts[] = []) {
  const kit = createProjectsTestKit();
  kit.api.reply(
    'GET',
    '/api/v1/project_versions',
    (call: RecordedCall) =>
      pages.find((p) => p.meta.page === (call.params as { page: number }).page) ?? page([], 99, false),
  );
  const container = createContainer();
  container.bind(TOKENS.AppModel).toConstantValue(kit.app);
  const visits: string[] = [];
  container.bind(TOKENS.Navigator).toConstantValue({ navigate: (path: string) => void visits.push(path) });
  container.bind(PROJECTS_MODEL).toConstantValue({ ...kit.model, parts });
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
  return { kit, pagesAsked, visits };
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

describe('projects page: a row’s menu', () => {
  const setUp = vi.fn();
  const parts: ProjectsTableParts[] = [{ rowActions: [{ id: 'x.setUp', title: 'Set up subtitles…', run: setUp }] }];

  it('right-click opens "Open" and the contributed actions; Enter on one runs it for that row and focus returns to the grid', async () => {
    await renderProjectsPage([page(['1', '2'], 1, false)], parts);
    const row = (await screen.findByText('Video 2')).closest('tr')!;
    fireEvent.contextMenu(row, { clientX: 40, clientY: 60 });
    const menu = screen.getByRole('menu', { name: 'Actions for Video 2' });
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Open',
      'Set up subtitles…',
    ]);
    expect(document.activeElement?.textContent).toBe('Open');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(setUp).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement?.getAttribute('role')).toBe('grid');
  });

  it('Shift+F10 on the active row opens its menu; "Open" goes to that version; Escape closes without running anything', async () => {
    const { visits } = await renderProjectsPage([page(['1', '2'], 1, false)], parts);
    await screen.findByText('Video 1');
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'F10', shiftKey: true });
    expect(screen.getByRole('menu', { name: 'Actions for Video 1' })).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.keyDown(grid, { key: 'ContextMenu' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatch(/\/project_versions\/1$/);
  });
});
