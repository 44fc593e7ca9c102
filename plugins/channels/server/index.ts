import {
  contributeToServer,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
  registerTenantResource,
} from '../../../server/plugin-api';
import { linkDetailsExtensions } from '../../projects/server/extension-points';
import { CHANNELS_SERVER_MESSAGES } from '../common/channels-contract';
import { channelLinkDetails } from './channel-link-details';
import { ChannelRepository } from './channel-repository';
import { channelProviders } from './channel-providers';
import { registerChannelRoutes } from './channel-routes';
import { channelsMigrations } from './channels-migrations';
import { ConnectStates } from './connect-states';
import { reloadChannelJob } from './reload-channel-job';
import { CHANNELS_ACCOUNT_DATA } from './account-data';

/**
 * External channels of a workspace (docs/product-contract.md#calls "External channels"): connected through a
 * provider (a public feed, or YouTube through OAuth when configured), their videos listed 10 a
 * page. Importing videos is a link submission to the projects plugin's own call
 * (`youtube_dl_with_project`, from the browser): the same job and the same address guard as any
 * link; the job takes the episode's title from here (channel-link-details.ts, the projects
 * plugin's linkDetails extension point).
 *
 * Who may do what: anyone who may open the workspace connects, reloads and imports; removing is
 * for account admins and the person who connected the channel (it may carry their grant);
 * outsiders get 404.
 */
export default defineServerPlugin({
  id: 'channels',
  accountData: CHANNELS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: channelsMigrations,
  jobs: [reloadChannelJob],
  contributions: [contributeToServer(linkDetailsExtensions, channelLinkDetails)],
  async routes(app) {
    const channels = new ChannelRepository(app.db);
    registerTenantResource(app, 'externalChannel', (id) => channels.ownerOf(id), CHANNELS_SERVER_MESSAGES.notFound);
    registerChannelRoutes(app, {
      channels,
      states: new ConnectStates(app.db),
      providers: channelProviders(app.config),
    });
  },
});
