import type { Command, CommandContext } from '../../../core';
import { ACCOUNTS_PAGES } from '../common/accounts-pages';
import { loadAccountsModel } from './accounts-model-loader';
import type { AccountsDialog } from './model/dialogs-model';

/**
 * Opens a page, then one of its popups (the page hosts the popups; the model says which is open).
 * The page and this command share the model's one load, so the popup shows once the page does.
 */
async function openOn(ctx: CommandContext, path: string, dialog: AccountsDialog) {
  ctx.navigate(path);
  (await loadAccountsModel(ctx.container)).dialogs.dialogOpened(dialog);
}

/**
 * Palette commands: plain data, listed before the accounts pages load. The switchers read the app
 * model (always loaded); the popup commands load the accounts model when they run.
 */
export const accountsCommands: Command[] = [
  {
    id: 'accounts.switchAccount',
    title: 'Switch account…',
    group: 'Account',
    keywords: ['account', 'organisation', 'team', 'change'],
    choicesPlaceholder: 'Search accounts…',
    when: (ctx) => ctx.isMember,
    choices: async (ctx) => {
      const currentId = ctx.when.accountId;
      return (await ctx.app.readAccountsFx()).map((account) => ({
        id: account.id,
        title: account.attributes.name,
        subtitle: [account.attributes.role === 'admin' ? 'Admin' : 'Member', account.id === currentId ? 'current' : null].filter(Boolean).join(' · '),
        run: (c) => void c.app.accountSelected(account.id),
      }));
    },
  },
  {
    id: 'accounts.switchWorkspace',
    title: 'Switch workspace…',
    group: 'Account',
    keywords: ['workspace', 'project space', 'change'],
    choicesPlaceholder: 'Search workspaces…',
    when: (ctx) => ctx.isMember && ctx.accountId !== null,
    choices: async (ctx) => {
      const currentId = ctx.when.workspaceId;
      return (await ctx.app.readWorkspacesFx()).map((workspace) => ({
        id: workspace.id,
        title: workspace.attributes.name,
        subtitle: workspace.id === currentId ? 'current' : undefined,
        run: (c) => void c.app.workspaceSelected(workspace.id),
      }));
    },
  },
  {
    id: 'accounts.createWorkspace',
    title: 'Create workspace',
    group: 'Account',
    keywords: ['new workspace', 'add workspace'],
    when: (ctx) => ctx.isMember && ctx.isAccountAdmin,
    run: (ctx) => openOn(ctx, ACCOUNTS_PAGES.workspaces, { kind: 'createWorkspace' }),
  },
  {
    id: 'accounts.inviteMember',
    title: 'Invite member',
    group: 'Account',
    keywords: ['add people', 'invite', 'user', 'team', 'e-mail'],
    when: (ctx) => ctx.isMember && ctx.isAccountAdmin,
    run: (ctx) => openOn(ctx, ACCOUNTS_PAGES.members, { kind: 'createAccountUser' }),
  },
  {
    id: 'accounts.openSettings',
    title: 'Open account settings',
    group: 'Account',
    keywords: ['account', 'rename', 'avatar', 'members', 'workspaces', 'settings'],
    when: (ctx) => ctx.isMember,
    run: (ctx) => ctx.navigate(ACCOUNTS_PAGES.settings),
  },
];
