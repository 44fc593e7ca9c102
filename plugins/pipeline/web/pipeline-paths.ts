/**
 * Browser paths the pipeline's commands read. Data only: imported by the plugin definition and the
 * commands, so it must stay free of React and Effector. The processing page's and the editor's
 * URLs come from the contract (`processingPage`, `editorUrl`).
 */
import { readProjectVersionPage } from '../../projects/common/project-version-route';

/** docs/product-contract.md#screens-and-routes: `/processing?projectVersionId`. */
export const PROCESSING_PAGE = '/processing';

/** The project version whose own page `path` is, or null (the set-up commands act on it; not on a subtitle's page). */
export function projectVersionOfPage(path: string): { projectId: string; projectVersionId: string } | null {
  const page = readProjectVersionPage(path);
  return page && page.subtitleId === null
    ? { projectId: page.projectId, projectVersionId: page.projectVersionId }
    : null;
}
