import { definePlugin, PLUGIN_API_VERSION } from '../../../core';

/** The home page (`/`). The projects feature replaces its content with the projects table. */
export default definePlugin({
  id: 'home',
  title: 'Home',
  apiVersion: PLUGIN_API_VERSION,
  routes: [{ path: '/', access: 'member', layout: 'app', title: 'Home', load: () => import('./home-page') }],
  nav: [{ id: 'home.home', label: 'Home', path: '/', order: 0, icon: '⌂', when: (ctx) => ctx.isMember }],
});
