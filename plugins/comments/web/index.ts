import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { subtitleCueAnnotations } from '../../subtitles/web/extension-points';

/**
 * Comments on cues (issue #25): threads in the subtitle editor, through the subtitles plugin's
 * cue-annotation point. Only data here: the panel, its model and its commands are one lazy chunk,
 * loaded when an editor opens (its commands are registered while it is shown).
 */
export default definePlugin({
  id: 'comments',
  title: 'Comments',
  apiVersion: PLUGIN_API_VERSION,
  contributions: [
    contribute(subtitleCueAnnotations, {
      id: 'comments',
      load: async (ctx) => (await import('./comments-annotator')).commentsAnnotator(ctx),
    }),
  ],
});
