import type { Command, CommandContext } from '../../../core';

/**
 * "Switch to workspace “…”": the account's workspaces whose name matches what is typed, straight
 * from the palette's first page (loaded with the first search: index.ts holds only the provider).
 */
export async function switchWorkspaceCommands(ctx: CommandContext, search: string): Promise<Command[]> {
  const text = search.trim().toLowerCase();
  if (text.length < 2 || !ctx.when.isMember) return [];
  return (await ctx.app.readWorkspacesFx())
    .filter(
      (workspace) => workspace.id !== ctx.when.workspaceId && workspace.attributes.name.toLowerCase().includes(text),
    )
    .map((workspace) => ({
      id: `accounts.switchTo:${workspace.id}`,
      title: `Switch to workspace “${workspace.attributes.name}”`,
      group: 'Workspaces',
      keywords: [search],
      run: (c) => void c.app.workspaceSelected(workspace.id),
    }));
}
