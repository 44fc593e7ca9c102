import { ContainerModule, definePlugin, PLUGIN_API_VERSION, contribute, type WhenContext } from '@polycue/sdk';
import { projectsTableExtensions } from '@polycue/plugins/projects';
import { accountSettingsSections } from '@polycue/plugins/accounts';
import { GREETINGS_API, GreetingsApi } from './greetings-api';

const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;

/**
 * The web half, as data: the shell lists the nav item and the palette command before any of the
 * plugin's code runs; the page and the column load when first needed (dynamic imports become
 * chunks beside this file, served from /plugin-assets/hello/).
 */
export default definePlugin({
  id: 'hello',
  title: 'Hello',
  apiVersion: PLUGIN_API_VERSION,
  // The plugin's services, bound when it loads; their dependencies arrive by @inject(token).
  services: new ContainerModule(({ bind }) => void bind(GREETINGS_API).to(GreetingsApi)),
  routes: [{ path: '/hello', load: () => import('./hello-page'), title: 'Hello' }],
  nav: [{ id: 'hello.nav', label: 'Hello', path: '/hello', icon: 'H', order: 90, when: inWorkspace }],
  commands: [
    {
      id: 'hello.open',
      title: 'Open Hello',
      group: 'Hello',
      keywords: ['greetings', 'example plugin'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate('/hello'),
    },
  ],
  contributions: [
    contribute(projectsTableExtensions, {
      id: 'hello',
      load: async () => ({ columns: [(await import('./greeting-column')).greetingColumn] }),
    }),
    contribute(accountSettingsSections, {
      id: 'hello',
      title: 'Hello greetings',
      load: () => import('./hello-settings-section'),
    }),
  ],
});
