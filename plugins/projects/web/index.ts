import { contribute, definePlugin, PLUGIN_API_VERSION } from '../../../core';
import { accountSettingsSections } from '../../accounts/web/extension-points';
import { projectsCommands } from './projects-commands';
import { openProjectProvider } from './open-project-provider';
import { PROJECTS_HOME, projectsTableExtensions, projectVersionSections } from './extension-points';
import { PROJECT_VERSION_PAGE } from '../common/project-version-route';

const retention = () => import('./media-retention-lazy');

/**
 * Projects: the home page's project-version table (`/`), new projects from uploads and links,
 * and the version page. Only data here: pages and the model (with its contributors, e.g. labels)
 * are dynamic imports, outside the shell's initial JavaScript. Other plugins extend the table
 * through `projectsTableExtensions` (projects-table-extension.ts).
 */
export default definePlugin({
  id: 'projects',
  title: 'Projects',
  apiVersion: PLUGIN_API_VERSION,
  order: 10,
  routes: [
    {
      path: PROJECTS_HOME,
      access: 'member',
      layout: 'app',
      title: 'Projects',
      load: () => import('./pages/projects-page'),
    },
    {
      path: PROJECT_VERSION_PAGE,
      access: 'member',
      layout: 'app',
      title: 'Project version',
      load: () => import('./pages/project-version-page'),
    },
  ],
  nav: [
    { id: 'projects.home', label: 'Projects', path: PROJECTS_HOME, order: 0, icon: '▶', when: (ctx) => ctx.isMember },
  ],
  commands: projectsCommands,
  // The provider's code is tiny (one request); its answers come while the palette is open.
  commandProviders: [
    openProjectProvider,
    {
      id: 'projects.mediaRetention',
      group: 'Workspace',
      provide: async (c, s) => (await retention()).mediaRetentionCommands(c, s),
    },
  ],
  extensionPoints: [projectsTableExtensions, projectVersionSections],
  contributions: [
    contribute(accountSettingsSections, {
      id: 'projects.mediaRetention',
      title: 'Media retention',
      order: 30,
      load: async () => ({ default: (await retention()).MediaRetentionSection }),
    }),
  ],
});
