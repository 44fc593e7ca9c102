import type { Container } from '../../../core';
import type { ProjectsTableHost, ProjectsTableParts } from '../../projects/web/extension-points';
import { openSubtitlesDialog } from './open-subtitles-dialog';
import { subtitlesStatusLine } from './subtitles-status-line';
import { reviewColumn } from './review-column';

/** What subtitles add to the projects table: the Review column, and the "Download subtitles…" bulk action on the selected versions. */
export async function createSubtitlesTableParts({
  container,
}: {
  container: Container;
  host: ProjectsTableHost;
}): Promise<ProjectsTableParts> {
  return {
    columns: [reviewColumn],
    bulkActions: [
      {
        id: 'subtitles.download',
        title: 'Download subtitles…',
        run: (projectVersionIds) => void openSubtitlesDialog(container, { kind: 'download', projectVersionIds }),
      },
    ],
    statusLine: subtitlesStatusLine,
    rowActions: [
      {
        id: 'subtitles.download',
        title: 'Download subtitles…',
        run: (row) => void openSubtitlesDialog(container, { kind: 'download', projectVersionIds: [row.id] }),
      },
    ],
  };
}
