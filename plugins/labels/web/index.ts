import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { projectsTableExtensions } from '../../projects/web/extension-points';
import { labelsCommands } from './labels-commands';

/**
 * Labels: the labels manager, label filter chips (selection kept in a cookie), and — through the
 * projects table's extension point — a Labels column and the "Apply label…" / "Remove label…"
 * bulk actions. Only data here; the model and components load with the projects page.
 */
export default definePlugin({
  id: 'labels',
  title: 'Labels',
  apiVersion: PLUGIN_API_VERSION,
  order: 20,
  commands: labelsCommands,
  contributions: [
    contribute(projectsTableExtensions, {
      id: 'labels',
      load: async (ctx) => (await import('./labels-table-parts')).createLabelsTableParts(ctx),
    }),
  ],
});
