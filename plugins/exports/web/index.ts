import {
  contribute,
  definePlugin,
  PLUGIN_API_VERSION,
  progressSources,
  type CommandContext,
  type WhenContext,
} from '../../../core';
import { subtitleExporters } from '../../subtitles/web/extension-points';
import {
  projectsTableExtensions,
  selectedProjectVersionCount,
  selectedProjectVersionIds,
} from '../../projects/web/extension-points';
import { readProjectVersionPage } from '../../projects/common/project-version-route';

/** What the popup opens on (a subset of export-model's ExportChoice; the voice-over is a choice inside the popup). */
type Kind = 'subtitles' | 'burned_video';

// A version page or a subtitle page (the editor URL): what the export acts on, read from the path.
const onPage = (ctx: WhenContext) =>
  ctx.isMember &&
  ctx.workspaceId !== null &&
  (readProjectVersionPage(ctx.path) !== null || (ctx.path === '/' && selectedProjectVersionCount(ctx) > 0));

// One lazy module behind every entry point: one dynamic import costs the initial JavaScript once.
const entry = () => import('./open-export-dialog');
const open = (kind: Kind) => async (ctx: CommandContext) => {
  const page = readProjectVersionPage(ctx.when.path);
  const target = page
    ? { projectVersionIds: [page.projectVersionId], subtitleId: page.subtitleId ?? undefined }
    : { projectVersionIds: selectedProjectVersionIds(ctx.when) };
  (await entry()).openExportDialog(ctx.container, { ...target, kind });
};

/**
 * Exports: the "Export…" popup (subtitle file, video with subtitles burned in, voice-over) from
 * the palette (on a version or subtitle page, or with rows selected) and the projects table's bulk
 * and row actions; each export is followed in the shell's progress panel (a progress source
 * polling get_by_ids). Only data here, kept small for the initial JavaScript (two commands; the
 * voice-over is the popup's third choice): the popup, the table parts and the poll load on first use.
 */
export default definePlugin({
  id: 'exports',
  title: 'Exports',
  apiVersion: PLUGIN_API_VERSION,
  commands: [
    { id: 'exports.subtitles', title: 'Export subtitles…', group: 'Exports', when: onPage, run: open('subtitles') },
    {
      id: 'exports.burnedVideo',
      title: 'Export video with subtitles…',
      group: 'Exports',
      when: onPage,
      run: open('burned_video'),
    },
  ],
  contributions: [
    // Polled outside any command: the shell passes the container with each poll.
    contribute(progressSources, {
      id: 'exports',
      fetch: async (ids, { container }) => (await entry()).exportProgress(container, ids),
    }),
    contribute(projectsTableExtensions, {
      id: 'exports',
      load: async ({ container }) => (await entry()).exportTableParts(container),
    }),
    // The editor's "Export…" (button, palette, Alt+X): the popup on the subtitle open there. The point
    // is the subtitles plugin's, so exports works with or without the editor folder.
    contribute(subtitleExporters, {
      id: 'exports',
      open: async ({ container, projectVersionId, subtitleId }) =>
        (await entry()).openExportDialog(container, {
          projectVersionIds: [projectVersionId],
          subtitleId,
          kind: 'subtitles',
        }),
    }),
  ],
});
