import { languageName, TOKENS, type Command, type CommandContext } from '../../../core';
import { PROJECTS_PATHS, type ProjectVersionsResponse } from '../../projects/common/projects-contract';
import { versionSubtitlePage } from '../../projects/common/project-version-page';

/** Versions searched per query; each brings its subtitles (the list's `subtitles` attribute). */
const VERSIONS = 5;

/**
 * "Open “…” in Spanish": the subtitles of project versions whose title matches what is typed in
 * the palette (the projects list's own search, which carries each version's subtitles).
 */
export async function openSubtitleCommands(ctx: CommandContext, search: string): Promise<Command[]> {
  const text = search.trim();
  const workspaceId = ctx.when.workspaceId;
  if (text.length < 2 || !workspaceId || !ctx.when.isMember) return [];
  const params = { workspaceId, search: text, page: 1, perPage: VERSIONS };
  const { data } = await ctx.container.get(TOKENS.ApiClient).get<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersions, { params });
  return data.data.flatMap((version) =>
    (version.attributes.subtitles as unknown as { id: string; attributes: { language: string } }[]).map((subtitle) => ({
      id: `subtitles.open:${subtitle.id}`,
      title: `Open “${version.attributes.title}” in ${languageName(subtitle.attributes.language)}`,
      group: 'Open subtitles',
      keywords: [text],
      run: (c: CommandContext) => c.navigate(versionSubtitlePage(version.attributes.projectId, version.id, subtitle.id)),
    })),
  );
}
