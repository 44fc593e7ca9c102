/**
 * The project version page's address, owned here: the address of one version and of a page under
 * it (a subtitle). Plugins build it only through these, so the route can change in one place;
 * the route itself and reading a version back from an address are in ./project-version-route.
 */

/** The page of one project version (ids are digits: nothing to escape). */
export const projectVersionPage = (projectId: string, projectVersionId: string) =>
  `/projects/${projectId}/project_versions/${projectVersionId}`;

/** The page of one subtitle of a version (the subtitles plugin's page, under the version's). */
export const versionSubtitlePage = (projectId: string, projectVersionId: string, subtitleId: string) =>
  `${projectVersionPage(projectId, projectVersionId)}/subtitles/${subtitleId}`;
