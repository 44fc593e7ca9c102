/**
 * Browser paths the pipeline's commands read. Data only: imported by the plugin definition and the
 * commands, so it must stay free of React and Effector. The processing page's and the editor's
 * URLs come from the contract (`processingPage`, `editorUrl`).
 */

/** Spec 2: `/processing?projectVersionId`. */
export const PROCESSING_PAGE = '/processing';

const PROJECT_VERSION_PAGE = /^\/projects\/([^/]+)\/project_versions\/([^/]+)\/?$/;

/** The project version whose page `path` is, or null (the set-up commands act on it). */
export function projectVersionOfPage(path: string): { projectId: string; projectVersionId: string } | null {
  const match = PROJECT_VERSION_PAGE.exec(path);
  return match ? { projectId: decodeURIComponent(match[1]), projectVersionId: decodeURIComponent(match[2]) } : null;
}
