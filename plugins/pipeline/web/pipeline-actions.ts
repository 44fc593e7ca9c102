import * as effector from 'effector';
import { SHELL_CHROME, type CommandContext, type Container } from '../../../core';
import {
  selectedProjectVersionIds,
  type ProjectsTableHost,
  type ProjectsTableParts,
} from '../../projects/web/extension-points';
import type { SetupKind } from './model/setup-types';
import { loadPipelineModel } from './pipeline-model-loader';
import { projectVersionOfPage } from './pipeline-paths';
import { processingStatusLine } from './processing-status-line';

/*
 * What the pipeline does when a palette command runs or the projects table opens: one lazily
 * loaded module for both, so the plugin's share of the shell's initial JavaScript stays a few
 * hundred bytes of data.
 */

/** The set-up popup, loaded when first opened (one loader, so the shell caches its chunk). */
export const loadSetupDialog = () => import('./components/setup-dialog');

/** What a set-up command acts on: the version whose page is open, else the projects table's selection. */
export function commandTargetIds(ctx: Pick<CommandContext, 'when'>): string[] {
  const page = projectVersionOfPage(ctx.when.path);
  if (page) return [page.projectVersionId];
  return selectedProjectVersionIds(ctx.when);
}

/** Opens the set-up popup of `kind` for these project versions (palette commands and the table's bulk actions). */
export async function openSetup(
  ctx: Pick<CommandContext, 'container'>,
  kind: SetupKind,
  projectVersionIds: string[],
): Promise<void> {
  if (projectVersionIds.length === 0) return;
  const model = await loadPipelineModel(ctx.container);
  model.setup.opened({ kind, projectVersionIds });
  ctx.container.get(SHELL_CHROME).openDialog(loadSetupDialog);
}

/**
 * What the pipeline adds to the projects table: the two set-up bulk actions, and the docs/product-contract.md#states-and-transitions rule
 * "otherwise the list is refreshed from page 1" wired to the table's reload.
 */
export async function createPipelineTableParts({
  container,
  host,
}: {
  container: Container;
  host: ProjectsTableHost;
}): Promise<ProjectsTableParts> {
  const model = await loadPipelineModel(container);
  effector.sample({ clock: model.setup.projectListRefreshRequested, target: host.reloadRequested });
  return {
    bulkActions: [
      {
        id: 'pipeline.setUpSubtitles',
        title: 'Set up subtitles…',
        run: (ids) => void openSetup({ container }, 'subtitles', ids),
      },
      {
        id: 'pipeline.setUpVoiceOver',
        title: 'Set up voice-over…',
        run: (ids) => void openSetup({ container }, 'voiceOver', ids),
      },
    ],
    statusLine: processingStatusLine,
    rowActions: [
      {
        id: 'pipeline.setUpSubtitles',
        title: 'Set up subtitles…',
        run: (row) => void openSetup({ container }, 'subtitles', [row.id]),
      },
      {
        id: 'pipeline.setUpVoiceOver',
        title: 'Set up voice-over…',
        run: (row) => void openSetup({ container }, 'voiceOver', [row.id]),
      },
    ],
  };
}
