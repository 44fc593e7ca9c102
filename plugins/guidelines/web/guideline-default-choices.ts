import { TOKENS, type CommandChoice, type CommandContext } from '../../../core';
import { GUIDELINES_PATHS, type GuidelinesResponse } from '../common/guidelines-contract';
import { guidelinesModel } from './guidelines-model-loader';

/** "Set default guideline…": the workspace's guidelines; choosing one makes it the default, choosing the default clears it. */
export async function defaultGuidelineChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  const workspaceId = ctx.when.workspaceId;
  if (!workspaceId) return [];
  const { data } = await ctx.container
    .get(TOKENS.ApiClient)
    .get<GuidelinesResponse>(GUIDELINES_PATHS.guidelines, { params: { workspaceId } });
  return data.data.map((guideline) => ({
    id: guideline.id,
    title: guideline.attributes.name,
    subtitle: guideline.attributes.isDefault ? 'Default now · choose to clear it' : undefined,
    run: async (c) => void (await guidelinesModel.load(c.container)).defaultToggled(guideline),
  }));
}
