import { TOKENS, type Command, type CommandContext } from '../../../core';
import {
  PROJECTS_PATHS,
  projectVersionPage,
  type ProjectVersionsQuery,
  type ProjectVersionsResponse,
} from '../common/projects-contract';

/** How many project versions the palette offers for what is typed (the list's search, page 1). */
const MAX_OFFERED = 8;

/**
 * "Open “…”" (open-project-provider.ts loads this with its first search): project versions of the
 * current workspace whose title matches what is typed in the palette, through the list's own
 * search; Enter on one opens its page. Asked for as people type (the palette debounces).
 */
export async function openProjectCommands(ctx: CommandContext, search: string): Promise<Command[]> {
  const text = search.trim();
  const workspaceId = ctx.when.workspaceId;
  if (text.length < 2 || !workspaceId || !ctx.when.isMember) return [];
  const params: ProjectVersionsQuery = { workspaceId, search: text, page: 1, perPage: MAX_OFFERED };
  const { data } = await ctx.container
    .get(TOKENS.ApiClient)
    .get<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersions, { params: { ...params } });
  return data.data.map((version) => ({
    id: `projects.open:${version.id}`,
    title: `Open “${version.attributes.title}”`,
    group: 'Open project',
    keywords: [text],
    run: (c) => c.navigate(projectVersionPage(version.attributes.projectId, version.id)),
  }));
}
