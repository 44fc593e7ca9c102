import { contribute, definePlugin, PLUGIN_API_VERSION, type CommandContext, type WhenContext } from '../../../core';
import { setupResourcePickers } from '../../pipeline/web/extension-points';
import type { TermbaseAction } from './termbase-choices';

/** The page's path, spelled here so the contract stays out of the initial JavaScript. */
const PAGE = '/termbases';
const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
// The choice lists ride in the page's chunk: one file name fewer in the initial JavaScript (its
// list of lazy chunks), for a few KB more when a command or a set-up popup first needs them.
const choices = () => import('./termbases-page');
const pick = (action: TermbaseAction) => async (ctx: CommandContext, search: string) =>
  (await choices()).termbaseCommandChoices(ctx, search, action);
const G = 'Term bases';

/**
 * Term bases: a page (the list, then a term base's entries), a nav item, palette commands, and —
 * through the pipeline's set-up picker point — a "Term base" choice in the set-up popups, whose
 * terms the translation keeps. One folder; no other plugin knows it exists.
 */
export default definePlugin({
  id: 'termbases',
  title: G,
  apiVersion: PLUGIN_API_VERSION,
  order: 47,
  // One route for the list and a term base's entries (`/termbases/{id}`): one chunk to fetch.
  routes: [{ path: `${PAGE}/:termbaseId?`, load: () => import('./termbases-page'), title: G }],
  nav: [{ id: 'termbases.nav', label: G, path: PAGE, order: 42, icon: 'T', when: inWorkspace }],
  commands: [
    {
      id: 'termbases.open',
      title: 'Open term bases',
      group: G,
      keywords: ['glossary'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(PAGE),
    },
    {
      id: 'termbases.create',
      title: 'Create term base',
      group: G,
      when: inWorkspace,
      run: (ctx) => ctx.navigate(`${PAGE}?new=1`),
    },
    { id: 'termbases.rename', title: 'Rename term base…', group: G, when: inWorkspace, choices: pick('rename') },
    { id: 'termbases.delete', title: 'Delete term base…', group: G, when: inWorkspace, choices: pick('delete') },
    {
      id: 'termbases.import',
      title: 'Import terms…',
      group: G,
      keywords: ['glossary file'],
      when: inWorkspace,
      choices: pick('import'),
    },
  ],
  contributions: [
    contribute(setupResourcePickers, {
      id: 'termbases',
      field: 'termbaseId',
      label: 'Term base',
      hint: 'Its terms are translated as it says.',
      order: 30,
      choices: async (ctx) => (await choices()).termbasePickerChoices(ctx),
    }),
  ],
});
