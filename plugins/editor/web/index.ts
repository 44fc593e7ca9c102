import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { subtitleCueViews } from '../../subtitles/web/extension-points';

/**
 * The subtitle editor: it takes the cues' place on the subtitle's page (the editor URL) through
 * the subtitles plugin's cue-view point, and offers its actions to the palette while open (the
 * view registers them as commands on mount: ./editor-commands.ts). Only data here: the editor,
 * its model and its commands are dynamic imports.
 */
export default definePlugin({
  id: 'editor',
  title: 'Subtitle editor',
  apiVersion: PLUGIN_API_VERSION,
  order: 31,
  contributions: [contribute(subtitleCueViews, { id: 'editor', title: 'Editor', load: () => import('./editor-view') })],
});
