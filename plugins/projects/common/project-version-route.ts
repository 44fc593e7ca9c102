/**
 * The project version page's route and how commands read a version back from an address: the
 * initial JavaScript's share of ./project-version-page (plugin definitions and `when` checks need
 * these and nothing else). Kept apart from the address builders, which only lazy code uses: a
 * module shared by both would become a chunk of its own in the first load (~200 B gzip measured).
 */

/** The route (docs/product-contract.md#screens-and-routes: shown after a project is created). */
export const PROJECT_VERSION_PAGE = '/projects/:projectId/project_versions/:projectVersionId';

const PAGE = /^\/projects\/([^/]+)\/project_versions\/([^/]+)(?:\/subtitles\/([^/]+))?\/?$/;

export interface ProjectVersionPageAddress {
  projectId: string;
  projectVersionId: string;
  /** Set on a subtitle's page under the version, null on the version's own page. */
  subtitleId: string | null;
}

/** The version (and subtitle) whose page `path` is, or null: what commands shown there act on. */
export function readProjectVersionPage(path: string): ProjectVersionPageAddress | null {
  const match = PAGE.exec(path);
  return match ? { projectId: match[1]!, projectVersionId: match[2]!, subtitleId: match[3] ?? null } : null;
}
