import { TOKENS, type CommandChoice, type CommandContext } from '../../../core';
import { ACCOUNTS_PATHS, type AccountRole, type AccountUsersResponse } from '../common/accounts-contract';
import { ACCOUNTS_PAGES } from '../common/accounts-pages';
import { loadAccountsModel } from './accounts-model-loader';
import type { AccountsDialog } from './model/dialogs-model';

/*
 * What the accounts commands do, loaded when one first runs: the commands themselves
 * (accounts-commands.ts) are data in the shell's initial JavaScript.
 */

/**
 * Opens a page, then one of its popups (the page hosts the popups; the model says which is open).
 * The page and this command share the model's one load, so the popup shows once the page does.
 */
export async function openOn(ctx: CommandContext, path: string, dialog: AccountsDialog) {
  ctx.navigate(path);
  (await loadAccountsModel(ctx.container)).dialogs.dialogOpened(dialog);
}

export async function switchAccountChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  const currentId = ctx.when.accountId;
  return (await ctx.app.readAccountsFx()).map((account) => ({
    id: account.id,
    title: account.attributes.name,
    subtitle: [account.attributes.role === 'admin' ? 'Admin' : 'Member', account.id === currentId ? 'current' : null]
      .filter(Boolean)
      .join(' · '),
    run: (c) => void c.app.accountSelected(account.id),
  }));
}

export async function switchWorkspaceChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  const currentId = ctx.when.workspaceId;
  return (await ctx.app.readWorkspacesFx()).map((workspace) => ({
    id: workspace.id,
    title: workspace.attributes.name,
    subtitle: workspace.id === currentId ? 'current' : undefined,
    run: (c) => void c.app.workspaceSelected(workspace.id),
  }));
}

export async function renameWorkspaceChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  return (await ctx.app.readWorkspacesFx()).map((workspace) => ({
    id: workspace.id,
    title: workspace.attributes.name,
    run: (c) => openOn(c, ACCOUNTS_PAGES.workspaces, { kind: 'renameWorkspace', workspaceId: workspace.id }),
  }));
}

/** The page's own confirmation shows, with the chosen workspace selected. */
export async function deleteWorkspaceChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  return (await ctx.app.readWorkspacesFx()).map((workspace) => ({
    id: workspace.id,
    title: workspace.attributes.name,
    subtitle:
      workspace.attributes.numberOfProjects === 1 ? '1 project' : `${workspace.attributes.numberOfProjects} projects`,
    run: async (c) => {
      c.navigate(ACCOUNTS_PAGES.workspaces);
      const model = await loadAccountsModel(c.container);
      model.workspaces.selectionChanged(new Set([workspace.id]));
      model.dialogs.dialogOpened({ kind: 'deleteWorkspaces' });
    },
  }));
}

/**
 * "Make … an admin" / "Make … a member": the account's people of the other role matching what is
 * typed (the members call's own search); choosing one changes the role, with the members page's
 * toast ("Role changed").
 */
export async function roleChoices(ctx: CommandContext, search: string, to: AccountRole): Promise<CommandChoice[]> {
  const accountId = ctx.when.accountId;
  if (!accountId) return [];
  const params: Record<string, unknown> = { accountId, page: 1, ...(search.trim() ? { search: search.trim() } : {}) };
  const { data } = await ctx.container
    .get(TOKENS.ApiClient)
    .get<AccountUsersResponse>(ACCOUNTS_PATHS.accountUsers, { params });
  return data.data
    .filter((person) => person.attributes.role !== to)
    .map((person) => ({
      id: person.id,
      title: person.attributes.name || person.attributes.email,
      subtitle: person.attributes.email,
      keywords: [person.attributes.email],
      run: async (c) =>
        void (await loadAccountsModel(c.container)).members.roleChanged({ accountUserId: person.id, role: to }),
    }));
}
