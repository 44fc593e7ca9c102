/**
 * The project version page's address, owned here: its route, the address of one version, the
 * address of a page under it (a subtitle), and reading a version back from an address. Plugins
 * build and read it only through these, so the route can change in one place. A file of its own
 * with no imports: plugin definitions and commands (initial JavaScript) need this and nothing
 * else of the contract.
 */

/** The route (spec section 2: shown after a project is created). */
export const PROJECT_VERSION_PAGE = '/projects/:projectId/project_versions/:projectVersionId';

/** The page of one project version. */
export const projectVersionPage = (projectId: string, projectVersionId: string) =>
  `/projects/${encodeURIComponent(projectId)}/project_versions/${encodeURIComponent(projectVersionId)}`;

/** The page of one subtitle of a version (the subtitles plugin's page, under the version's). */
export const versionSubtitlePage = (projectId: string, projectVersionId: string, subtitleId: string) =>
  `${projectVersionPage(projectId, projectVersionId)}/subtitles/${encodeURIComponent(subtitleId)}`;

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
  if (!match) return null;
  try {
    return { projectId: decodeURIComponent(match[1]!), projectVersionId: decodeURIComponent(match[2]!), subtitleId: match[3] ? decodeURIComponent(match[3]) : null };
  } catch {
    return null; // a malformed escape names no version
  }
}
