import { contribute, definePlugin, PLUGIN_API_VERSION, type CommandContext, type WhenContext } from '../../../core';
import { setupResourcePickers } from '../../pipeline/web/extension-points';
import { VOCABULARIES_PAGE } from '../common/vocabularies-page-path';

const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const pick = (action: 'edit' | 'delete') => async (ctx: CommandContext, search: string) =>
  (await import('./vocabularies-page')).vocabularyCommandChoices(ctx, search, action);

/**
 * Vocabulary lists: a page, a nav item, palette commands, and — through the pipeline's set-up
 * picker point — a "Vocabulary list" choice in the subtitle set-up, whose words reach speech to
 * text. One folder; no other plugin knows it exists.
 */
export default definePlugin({
  id: 'vocabularies',
  title: 'Vocabularies',
  apiVersion: PLUGIN_API_VERSION,
  order: 45,
  routes: [{ path: VOCABULARIES_PAGE, load: () => import('./vocabularies-page'), title: 'Vocabulary lists' }],
  nav: [
    { id: 'vocabularies.nav', label: 'Vocabularies', path: VOCABULARIES_PAGE, order: 40, icon: 'V', when: inWorkspace },
  ],
  commands: [
    {
      id: 'vocabularies.open',
      title: 'Open vocabulary lists',
      group: 'Vocabularies',
      keywords: ['words', 'brands', 'jargon', 'recognition hints'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(VOCABULARIES_PAGE),
    },
    {
      id: 'vocabularies.create',
      title: 'Create vocabulary list',
      group: 'Vocabularies',
      keywords: ['new vocabulary', 'add words'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(`${VOCABULARIES_PAGE}?new=1`),
    },
    {
      id: 'vocabularies.rename',
      title: 'Rename vocabulary list…',
      group: 'Vocabularies',
      when: inWorkspace,
      choices: pick('edit'),
    },
    {
      id: 'vocabularies.delete',
      title: 'Delete vocabulary list…',
      group: 'Vocabularies',
      when: inWorkspace,
      choices: pick('delete'),
    },
  ],
  contributions: [
    contribute(setupResourcePickers, {
      id: 'vocabularies',
      field: 'vocabularyListId',
      label: 'Vocabulary list',
      hint: 'Names, brands and jargon speech recognition should know.',
      order: 10,
      // Code loads (with the page's) when a set-up popup first opens.
      choices: async (ctx) => (await import('./vocabularies-page')).vocabularyChoices(ctx),
    }),
  ],
});
