import type { Command, CommandContext, WhenContext } from '../../../core';
import { ACCOUNTS_PAGES } from '../common/accounts-pages';
import type { AccountsDialog } from './model/dialogs-model';

const actions = () => import('./accounts-command-actions');
const openOn = async (ctx: CommandContext, path: string, dialog: AccountsDialog) =>
  (await actions()).openOn(ctx, path, dialog);
const member = (ctx: WhenContext) => ctx.isMember;
const admin = (ctx: WhenContext) => ctx.isMember && ctx.isAccountAdmin;

/**
 * Palette commands: plain data, listed before the accounts pages load. What they do
 * (accounts-command-actions.ts) loads when one first runs: the switchers read the app model's
 * lists, the popup commands load the accounts model.
 */
export const accountsCommands: Command[] = [
  {
    id: 'accounts.switchAccount',
    title: 'Switch account…',
    group: 'Account',
    keywords: ['account', 'organisation', 'team', 'change'],
    choicesPlaceholder: 'Search accounts…',
    when: member,
    choices: async (ctx) => (await actions()).switchAccountChoices(ctx),
  },
  {
    id: 'accounts.switchWorkspace',
    title: 'Switch workspace…',
    group: 'Account',
    keywords: ['workspace', 'project space', 'change'],
    choicesPlaceholder: 'Search workspaces…',
    when: (ctx) => ctx.isMember && ctx.accountId !== null,
    choices: async (ctx) => (await actions()).switchWorkspaceChoices(ctx),
  },
  {
    id: 'accounts.createWorkspace',
    title: 'Create workspace',
    group: 'Account',
    keywords: ['new workspace', 'add workspace'],
    when: admin,
    run: (ctx) => openOn(ctx, ACCOUNTS_PAGES.workspaces, { kind: 'createWorkspace' }),
  },
  {
    id: 'accounts.inviteMember',
    title: 'Invite member',
    group: 'Account',
    keywords: ['add people', 'invite', 'user', 'team', 'e-mail'],
    when: admin,
    run: (ctx) => openOn(ctx, ACCOUNTS_PAGES.members, { kind: 'createAccountUser' }),
  },
  {
    id: 'accounts.renameAccount',
    title: 'Rename account',
    group: 'Account',
    keywords: ['account name', 'organisation'],
    when: admin,
    run: (ctx) => openOn(ctx, ACCOUNTS_PAGES.settings, { kind: 'account' }),
  },
  {
    id: 'accounts.renameWorkspace',
    title: 'Rename workspace…',
    group: 'Account',
    keywords: ['workspace name'],
    choicesPlaceholder: 'Workspace to rename…',
    when: admin,
    choices: async (ctx) => (await actions()).renameWorkspaceChoices(ctx),
  },
  {
    id: 'accounts.deleteWorkspace',
    title: 'Delete workspace…',
    group: 'Account',
    keywords: ['remove workspace'],
    choicesPlaceholder: 'Workspace to delete…',
    when: admin,
    choices: async (ctx) => (await actions()).deleteWorkspaceChoices(ctx),
  },
  {
    id: 'accounts.makeAdmin',
    title: 'Make a member an admin…',
    group: 'Account',
    keywords: ['role', 'admin', 'promote', 'permissions'],
    choicesPlaceholder: 'Member…',
    when: admin,
    choices: async (ctx, search) => (await actions()).roleChoices(ctx, search, 'admin'),
  },
  {
    id: 'accounts.makeMember',
    title: 'Make an admin a member…',
    group: 'Account',
    keywords: ['role', 'member', 'demote', 'permissions'],
    choicesPlaceholder: 'Admin…',
    when: admin,
    choices: async (ctx, search) => (await actions()).roleChoices(ctx, search, 'member'),
  },
  {
    id: 'accounts.changeAvatar',
    title: 'Change account avatar',
    group: 'Account',
    keywords: ['picture', 'logo', 'image', 'avatar'],
    when: admin,
    run: (ctx) => ctx.navigate(`${ACCOUNTS_PAGES.settings}#avatar`),
  },
  {
    id: 'accounts.openSettings',
    title: 'Open account settings',
    group: 'Account',
    keywords: ['account', 'rename', 'avatar', 'members', 'workspaces', 'settings'],
    when: member,
    run: (ctx) => ctx.navigate(ACCOUNTS_PAGES.settings),
  },
];
