import { definePlugin, PLUGIN_API_VERSION, SHELL_CHROME, TOKENS, type Command } from '../../../core';

/**
 * The palette's built-in commands. Also the smallest example of a plugin: one folder, this file,
 * found by the shell without any list (shell/plugins.ts).
 */
const commands: Command[] = [
  {
    id: 'palette.goHome',
    title: 'Go to home',
    group: 'Navigation',
    keywords: ['projects', 'start', 'dashboard'],
    when: (ctx) => ctx.isMember,
    run: (ctx) => ctx.navigate('/'),
  },
  {
    id: 'palette.showShortcuts',
    title: 'Show keyboard shortcuts',
    group: 'Help',
    keywords: ['keys', 'hotkeys', 'keyboard', 'help'],
    shortcut: 'mod+/',
    run: (ctx) => ctx.container.get(SHELL_CHROME).openDialog(() => import('./shortcuts-dialog')),
  },
  {
    id: 'palette.toggleSidebar',
    title: 'Toggle sidebar',
    group: 'View',
    keywords: ['hide', 'show', 'menu', 'navigation'],
    shortcut: 'mod+b',
    when: (ctx) => ctx.isAuthenticated,
    run: (ctx) => ctx.container.get(SHELL_CHROME).toggleSidebar(),
  },
  {
    id: 'palette.reloadData',
    title: 'Reload data',
    group: 'General',
    keywords: ['refresh', 'sync', 'update'],
    when: (ctx) => ctx.isAuthenticated,
    // Says when it is done; a failure already has its own toast ("User details cannot be loaded").
    run: async (ctx) => {
      await ctx.app.fetchUserFx();
      ctx.app.workspacesReloadRequested();
      ctx.container.get(TOKENS.ToastService).success('Data reloaded');
    },
  },
];

export default definePlugin({
  id: 'palette-builtins',
  title: 'Built-in commands',
  apiVersion: PLUGIN_API_VERSION,
  order: 0,
  commands,
});
