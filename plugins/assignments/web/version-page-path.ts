/**
 * The version (and subtitle) whose page `path` is: the projects plugin's address
 * (plugins/projects/common/project-version-route.ts), read again here on purpose. Importing that
 * module from this lazy chunk as well as from the initial one made the bundler split it into a
 * chunk of its own in the first load (+235 B gzip measured, over a budget already over).
 */
const PAGE = /^\/projects\/[^/]+\/project_versions\/([^/]+)(?:\/subtitles\/([^/]+))?\/?$/;

export function versionPageOf(path: string): { projectVersionId: string; subtitleId: string | null } | null {
  const match = PAGE.exec(path);
  return match ? { projectVersionId: match[1]!, subtitleId: match[2] ?? null } : null;
}
