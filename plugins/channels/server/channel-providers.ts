import { AddressAllowance, type AppConfig } from '../../../server/plugin-api';
import type { ChannelProviderId } from '../common/channels-contract';
import type { ChannelProvider, ChannelProviders } from './providers/channel-provider';
import { feedProvider } from './providers/feed-provider';
import { youtubeConfigFromEnv, youtubeProvider } from './providers/youtube-provider';

/**
 * The providers this server offers: the public feed always, YouTube when its OAuth client is
 * configured (YOUTUBE_CLIENT_ID / YOUTUBE_CLIENT_SECRET). Read when called, so a test can set the
 * environment before it builds the app.
 */
export function channelProviders(
  config: AppConfig,
  env: Record<string, string | undefined> = process.env,
): ChannelProviders {
  const allow = config.linkImportAllowCidrs.length > 0 ? new AddressAllowance(config.linkImportAllowCidrs) : undefined;
  const providers = new Map<ChannelProviderId, ChannelProvider>([['feed', feedProvider(allow)]]);
  const youtube = youtubeConfigFromEnv(env);
  if (youtube) providers.set('youtube', youtubeProvider(youtube));
  return providers;
}
