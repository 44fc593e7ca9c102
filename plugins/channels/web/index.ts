import { definePlugin, PLUGIN_API_VERSION, type WhenContext } from '../../../core';

/** Paths spelled here (the contract's CHANNELS_PAGE, FEED_CONNECT_PAGE) so the contract stays out of the initial JavaScript. */
const PAGE = '/external_channels';
const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const page = () => import('./channels-page');

/**
 * External channels: a page (channels, their videos, import), the feed's connect page, a nav item
 * and palette commands. Importing is a link submission the projects plugin handles as any other.
 */
export default definePlugin({
  id: 'channels',
  title: 'External channels',
  apiVersion: PLUGIN_API_VERSION,
  order: 47,
  routes: [
    { path: PAGE, load: page, title: 'External channels' },
    {
      path: `${PAGE}/connect/feed`,
      load: async () => ({ default: (await page()).FeedConnectPage }),
      title: 'Connect a feed',
    },
  ],
  nav: [{ id: 'channels.nav', label: 'External channels', path: PAGE, order: 43, icon: 'C', when: inWorkspace }],
  commands: [
    {
      id: 'channels.open',
      title: 'Open external channels',
      group: 'External channels',
      keywords: ['youtube', 'feed', 'podcast', 'rss'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(PAGE),
    },
    {
      id: 'channels.connect',
      title: 'Connect a channel',
      group: 'External channels',
      keywords: ['youtube', 'feed', 'podcast', 'rss', 'import videos'],
      when: inWorkspace,
      run: (ctx) => ctx.navigate(`${PAGE}?connect=1`),
    },
  ],
});
