// Through the kernel's index, like resource-list-model.ts: plugins import this module from their
// lazy chunks, so the shell's initial JavaScript does not carry it.
import { TOKENS, type CommandChoice, type CommandContext, type Container, type Resource } from '../index';
import type { ItemAction } from './resource-list-model';

export interface ResourceCommandChoicesOptions<R> {
  /** The workspace list call (`GET`, with `workspaceId` and `search`). */
  listPath: string;
  /** The list page: opened first, its dialog then shows the chosen resource. */
  page: string;
  action: ItemAction<R>['action'];
  /** The page's list model (through its loader), which opens the dialog or the confirmation. */
  model(container: Container): Promise<{ itemActionRequested(action: ItemAction<R>): void }>;
  subtitle?(item: R): string | undefined;
}

/**
 * The choices of "Rename …" / "Delete …" palette commands over a workspace's named resources: the
 * resources matching what is typed (the list call's own search), each opening the list page with
 * its edit dialog or its delete confirmation, so a rename or delete by palette goes through the
 * same popup, toasts and undo as by mouse.
 */
export async function resourceCommandChoices<R extends Resource<string, { name: string }>>(
  ctx: CommandContext,
  search: string,
  options: ResourceCommandChoicesOptions<R>,
): Promise<CommandChoice[]> {
  const workspaceId = ctx.when.workspaceId;
  if (!workspaceId) return [];
  const params = { workspaceId, ...(search.trim() ? { search: search.trim() } : {}) };
  const { data } = await ctx.container.get(TOKENS.ApiClient).get<{ data: R[] }>(options.listPath, { params });
  return data.data.map((item) => ({
    id: item.id,
    title: item.attributes.name,
    subtitle: options.subtitle?.(item),
    run: async (c) => {
      c.navigate(options.page);
      (await options.model(c.container)).itemActionRequested({ action: options.action, item });
    },
  }));
}
