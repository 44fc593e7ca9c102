import { contribute, definePlugin, PLUGIN_API_VERSION, type ExtensionPoint } from '../../../core';
import { setupRefusalHandlers, setupResourcePickers } from './extension-points';
import { projectsTableExtensions, projectVersionSections } from '../../projects/web/extension-points';
import { pipelineCommands } from './pipeline-commands';
import { PROCESSING_PAGE } from './pipeline-paths';

/**
 * The pipeline: the set-up popups (plain subtitles, and text-to-speech voice-over) opened from the
 * projects table's selection or a project version's page, and `/processing?projectVersionId=…`,
 * which follows the steps as they happen. Only data here: the model, the popups and the page are
 * dynamic imports, outside the shell's initial JavaScript.
 */
export default definePlugin({
  id: 'pipeline',
  title: 'Subtitles and voice-over pipeline',
  apiVersion: PLUGIN_API_VERSION,
  order: 40,
  routes: [
    {
      path: PROCESSING_PAGE,
      access: 'member',
      layout: 'app',
      title: 'Processing',
      load: () => import('./pages/processing-page'),
    },
  ],
  commands: pipelineCommands,
  /** Pickers of workspace resources in the set-up popups (extension-points.ts). */
  extensionPoints: [setupResourcePickers as ExtensionPoint<unknown>, setupRefusalHandlers as ExtensionPoint<unknown>],
  contributions: [
    contribute(projectVersionSections, {
      id: 'pipeline',
      title: 'Processing and voice-overs',
      order: 20,
      load: () => import('./components/version-processing-section'),
    }),
    contribute(projectsTableExtensions, {
      id: 'pipeline',
      load: async (ctx) => (await import('./pipeline-actions')).createPipelineTableParts(ctx),
    }),
  ],
});
