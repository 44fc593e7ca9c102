import { TOKENS, type CommandChoice, type CommandContext } from '../../../core';
import {
  PROJECTS_PATHS,
  type ProjectVersionsQuery,
  type ProjectVersionsResponse,
} from '../../projects/common/projects-contract';
import { PROCESSING_PAGE } from './pipeline-paths';

/** Versions offered per search: the list's own search, page 1. */
const OFFERED = 20;

/**
 * "Open processing…" with no one version in view: the workspace's project versions whose title
 * matches what is typed (all, newest first, before anything is typed); one opens its processing page.
 */
export async function processingChoices(ctx: CommandContext, search: string): Promise<CommandChoice[]> {
  const workspaceId = ctx.when.workspaceId;
  if (!workspaceId) return [];
  const params: ProjectVersionsQuery = {
    workspaceId,
    page: 1,
    perPage: OFFERED,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const { data } = await ctx.container
    .get(TOKENS.ApiClient)
    .get<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersions, { params: { ...params } });
  return data.data.map((version) => ({
    id: version.id,
    title: version.attributes.title,
    keywords: search.trim() ? [search.trim()] : [],
    run: (c) => c.navigate(`${PROCESSING_PAGE}?projectVersionId=${encodeURIComponent(version.id)}`),
  }));
}
