/**
 * Page routes of the accounts plugin. In a module of their own so the plugin definition (which is
 * in the shell's initial JavaScript) does not pull the whole contract, messages included, with it.
 */
export const ACCOUNTS_PAGES = {
  settings: '/account',
  members: '/account/members',
  workspaces: '/account/workspaces',
} as const;
