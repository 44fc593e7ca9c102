import { defineLazyModel, SHELL_CHROME, TOKENS, type Container } from '../../../core';
import type { ProjectsTableParts } from '../../projects/web/extension-points';
import type { ExportChoice, ExportModel, ExportTarget } from './export-model';

export { exportProgress } from './export-progress';

/** The export model, built the first time the popup opens, then kept (its themes stay loaded). */
export const exportModel = defineLazyModel<ExportModel>('exports', async () => {
  const { createExportModel } = await import('./export-model');
  return (c: Container) =>
    createExportModel({
      api: c.get(TOKENS.ApiClient),
      toast: c.get(TOKENS.ToastService),
      chrome: c.get(SHELL_CHROME),
      $workspaceId: c.get(TOKENS.AppModel).$currentWorkspaceId,
    });
});

/** One loader, so the shell caches the popup's chunk. */
const loadExportDialog = () => import('./export-dialog');

/** Sets what the popup acts on, then asks the shell to show it. */
export async function openExportDialog(container: Container, target: ExportTarget): Promise<void> {
  const model = await exportModel.load(container);
  model.opened(target);
  container.get(SHELL_CHROME).openDialog(loadExportDialog);
}

/** What exports add to the projects table: "Export…" on the selection and in each row's menu. */
export function exportTableParts(container: Container): ProjectsTableParts {
  const open = (projectVersionIds: string[], kind: ExportChoice = 'subtitles') =>
    void openExportDialog(container, { projectVersionIds, kind });
  return {
    bulkActions: [{ id: 'exports.export', title: 'Export…', run: (ids) => open(ids) }],
    rowActions: [
      { id: 'exports.export', title: 'Export…', run: (row) => open([row.id]) },
      {
        id: 'exports.burnedVideo',
        title: 'Export video with subtitles…',
        run: (row) => open([row.id], 'burned_video'),
      },
    ],
  };
}
