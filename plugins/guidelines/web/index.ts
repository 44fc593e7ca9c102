import { contribute, definePlugin, PLUGIN_API_VERSION, type CommandContext, type WhenContext } from '../../../core';
import { setupResourcePickers } from '../../pipeline/web/extension-points';
import { readingRulesSources } from '../../subtitles/web/extension-points';

/** The page's path (the contract's GUIDELINES_PAGE, spelled here so the contract stays out of the initial JavaScript). */
const PAGE = '/guidelines';
const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const pick = (action: 'edit' | 'delete') => async (ctx: CommandContext, search: string) =>
  (await import('./guidelines-page')).guidelineCommandChoices(ctx, search, action);

/**
 * Guidelines: a page, a nav item, palette commands, and — through the pipeline's set-up picker
 * point — a "Guideline" choice in the set-up popups (the workspace's default preselected), which
 * reaches the translation engine; through the subtitles plugin's reading-rules point, the subtitle
 * editor's choice of limits. One folder; no other plugin knows it exists.
 */
export default definePlugin({
  id: 'guidelines',
  title: 'Guidelines',
  apiVersion: PLUGIN_API_VERSION,
  order: 46,
  routes: [{ path: PAGE, load: () => import('./guidelines-page'), title: 'Guidelines' }],
  nav: [{ id: 'guidelines.nav', label: 'Guidelines', path: PAGE, order: 41, icon: 'G', when: inWorkspace }],
  commands: [
    {
      id: 'guidelines.open',
      title: 'Open guidelines',
      group: 'Guidelines',
      keywords: ['translation prompt', 'style', 'tone'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(PAGE),
    },
    {
      id: 'guidelines.create',
      title: 'Create guideline',
      group: 'Guidelines',
      keywords: ['new guideline', 'translation style'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(`${PAGE}?new=1`),
    },
    {
      id: 'guidelines.rename',
      title: 'Rename guideline…',
      group: 'Guidelines',
      when: inWorkspace,
      choices: pick('edit'),
    },
    {
      id: 'guidelines.delete',
      title: 'Delete guideline…',
      group: 'Guidelines',
      when: inWorkspace,
      choices: pick('delete'),
    },
    {
      id: 'guidelines.setDefault',
      title: 'Set default guideline…',
      group: 'Guidelines',
      keywords: ['default guideline', 'preselect'],
      when: inWorkspace,
      choicesPlaceholder: 'Guideline…',
      choices: async (ctx) => (await import('./guidelines-page')).defaultGuidelineChoices(ctx),
    },
  ],
  contributions: [
    contribute(setupResourcePickers, {
      id: 'guidelines',
      field: 'guidelineId',
      label: 'Guideline',
      hint: 'How translations should read; its words never to translate are kept by every engine.',
      order: 20,
      choices: async (ctx) => (await import('./guidelines-page')).guidelineChoices(ctx),
    }),
    contribute(readingRulesSources, {
      id: 'guidelines',
      choices: async (ctx) => (await import('./reading-rules-choices')).readingRulesChoices(ctx),
    }),
  ],
});
