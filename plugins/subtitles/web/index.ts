import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { projectsTableExtensions, projectVersionSections } from '../../projects/web/extension-points';
import { SUBTITLES_PAGES } from '../common/subtitles-pages';
import { subtitlesCommands } from './subtitles-commands';
import {
  readingRulesSources,
  subtitleCueAnnotations,
  subtitleCueViews,
  subtitleEditorPanels,
  subtitleExporters,
} from './extension-points';

/**
 * Subtitles: the public share page, the read-only subtitle view (the editor URL for now), and the
 * import, download and share-link popups, reached from the palette, the subtitle view and — through
 * the projects table's extension point — a "Download subtitles…" bulk action. Only data here:
 * pages, popups and the model are dynamic imports.
 */
export default definePlugin({
  id: 'subtitles',
  title: 'Subtitles',
  apiVersion: PLUGIN_API_VERSION,
  order: 30,
  routes: [
    {
      path: SUBTITLES_PAGES.share,
      access: 'public',
      layout: 'bare',
      title: 'Shared subtitles',
      load: () => import('./pages/share-page'),
    },
    {
      path: SUBTITLES_PAGES.subtitle,
      access: 'member',
      layout: 'app',
      title: 'Subtitle',
      load: () => import('./pages/subtitle-page'),
    },
  ],
  commands: subtitlesCommands,
  // Subtitles by their video's title ("Open “Harbour” in Spanish"); the search code loads on first use.
  commandProviders: [
    {
      id: 'subtitles.openSubtitle',
      group: 'Open subtitles',
      provide: async (ctx, search) => (await import('./open-subtitle-search')).openSubtitleCommands(ctx, search),
    },
  ],
  extensionPoints: [
    subtitleEditorPanels,
    subtitleCueViews,
    subtitleExporters,
    readingRulesSources,
    subtitleCueAnnotations,
  ],
  contributions: [
    contribute(projectVersionSections, {
      id: 'subtitles',
      title: 'Subtitles',
      order: 10,
      load: () => import('./components/version-subtitles-section'),
    }),
    contribute(projectsTableExtensions, {
      id: 'subtitles',
      load: async (ctx) => (await import('./subtitles-table-parts')).createSubtitlesTableParts(ctx),
    }),
  ],
});
