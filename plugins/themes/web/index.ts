import { definePlugin, PLUGIN_API_VERSION, type CommandContext, type WhenContext } from '../../../core';

/** The page's path (the contract's THEMES_PAGE, spelled here so the contract stays out of the initial JavaScript). */
const PAGE = '/themes';
const G = 'Themes';
const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const pick = (action: 'edit' | 'delete' | 'duplicate') => async (ctx: CommandContext, search: string) =>
  (await import('./themes-page')).themeCommandChoices(ctx, search, action);

/** Themes: styles for burned-in subtitles, with a live preview; a page, a nav item and palette commands. */
export default definePlugin({
  id: 'themes',
  title: G,
  apiVersion: PLUGIN_API_VERSION,
  order: 48,
  routes: [{ path: PAGE, load: () => import('./themes-page'), title: G }],
  nav: [{ id: 'themes.nav', label: G, path: PAGE, order: 44, icon: 'S', when: inWorkspace }],
  commands: [
    {
      id: 'themes.open',
      title: 'Open themes',
      group: G,
      keywords: ['subtitle style', 'burn in'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(PAGE),
    },
    {
      id: 'themes.create',
      title: 'Create theme',
      group: G,
      keywords: ['new theme', 'subtitle style'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(`${PAGE}?new=1`),
    },
    { id: 'themes.edit', title: 'Edit theme…', group: G, when: inWorkspace, choices: pick('edit') },
    { id: 'themes.duplicate', title: 'Duplicate theme…', group: G, when: inWorkspace, choices: pick('duplicate') },
    { id: 'themes.delete', title: 'Delete theme…', group: G, when: inWorkspace, choices: pick('delete') },
  ],
});
