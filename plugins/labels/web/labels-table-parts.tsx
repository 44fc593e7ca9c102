import * as effector from 'effector';
import { SHELL_CHROME, type Container } from '../../../core';
import type { ProjectsTableHost, ProjectsTableParts } from '../../projects/web/extension-points';
import { LabelFilterChips, LabelsCell } from './components/label-chips';
import { ManageLabelsButton } from './components/manage-labels-button';
import { loadLabelsModel } from './labels-model-loader';
import { labelAdded, labelRemoved, labelRenamed } from './model/label-rows';
import type { LabelsModel } from './model/labels-model';
import { LABEL_COMMANDS } from './labels-command-ids';
import './components/labels.css';

const { sample } = effector;

/** The selected labels as the projects search's parameter (docs/product-contract.md#states-and-transitions: the labels go with every search). */
export const labelFilterParams = (ids: string[]) => (ids.length ? { labels: ids } : {});

/** Keeps the table's loaded rows in step with label calls, without refetching them. */
export function wireLabelsToTable(model: LabelsModel, host: ProjectsTableHost): void {
  const caption = (label: { id: string; attributes: { caption: string } }) => ({
    id: label.id,
    caption: label.attributes.caption,
  });
  sample({
    clock: model.createLabelFx.doneData,
    filter: ({ assigned }) => assigned.length > 0,
    fn: ({ label, assigned }) => labelAdded(caption(label), assigned),
    target: host.rowsMapped,
  });
  sample({
    clock: model.assignFx.doneData,
    fn: (label) => labelAdded(caption(label), label.attributes.projectVersionIds),
    target: host.rowsMapped,
  });
  sample({
    clock: model.unassignFx.doneData,
    fn: (label) => labelRemoved(label.id, label.attributes.projectVersionIds),
    target: host.rowsMapped,
  });
  sample({ clock: model.renameLabelFx.doneData, fn: (label) => labelRenamed(caption(label)), target: host.rowsMapped });
  sample({ clock: model.deleteLabelFx.doneData, fn: (id) => labelRemoved(id, null), target: host.rowsMapped });
  // docs/product-contract.md#states-and-transitions: after deleting a label the selection resets to empty.
  sample({ clock: model.deleteLabelFx.done, target: host.selectionCleared });
}

/** What labels add to the projects table: a column, the filter chips, "Manage labels" and two bulk actions. */
export async function createLabelsTableParts({
  container,
  host,
}: {
  container: Container;
  host: ProjectsTableHost;
}): Promise<ProjectsTableParts> {
  const model = await loadLabelsModel(container);
  wireLabelsToTable(model, host);
  const chrome = container.get(SHELL_CHROME);
  return {
    columns: [{ id: 'labels', header: 'Labels', Cell: LabelsCell }],
    filter: { $params: model.$selectedLabelIds.map(labelFilterParams) },
    FilterBar: LabelFilterChips,
    HeaderActions: ManageLabelsButton,
    bulkActions: [
      { id: 'labels.apply', title: 'Apply label…', run: () => chrome.openPalette(LABEL_COMMANDS.apply) },
      { id: 'labels.remove', title: 'Remove label…', run: () => chrome.openPalette(LABEL_COMMANDS.remove) },
    ],
  };
}
