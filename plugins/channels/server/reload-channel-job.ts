import type { JobDefinition } from '../../../server/plugin-api';
import { ChannelRepository } from './channel-repository';
import { channelProviders } from './channel-providers';
import { ChannelSourceError } from './providers/channel-provider';

export const RELOAD_CHANNEL_JOB = 'channels.reload';

/**
 * `channels.reload { channelId }`: re-reads a channel's videos from its provider (a feed, or the
 * YouTube uploads with a refreshed token) and replaces the stored list. A job, because a big
 * channel takes a while and any worker can do it; the outcome is on the channel (`state`,
 * `lastError`), which the page follows. A failure is recorded, not retried: the person decides.
 */
export const reloadChannelJob: JobDefinition<{ channelId: string }> = {
  name: RELOAD_CHANNEL_JOB,
  retryLimit: 0,
  async handler({ channelId }, ctx) {
    const channels = new ChannelRepository(ctx.db);
    const channel = await channels.find(channelId);
    if (!channel || channel.state !== 'reloading') return;
    const provider = channelProviders(ctx.config).get(channel.provider);
    if (!provider) {
      await channels.reloadFailed(channelId, 'This provider is not set up on this server any more');
      return;
    }
    try {
      const { videos, credentials } = await provider.readVideos(channel);
      await channels.reloaded(channelId, videos, credentials);
    } catch (error) {
      if (!(error instanceof ChannelSourceError)) ctx.log.error({ channelId, err: error }, 'channel reload failed');
      await channels.reloadFailed(
        channelId,
        error instanceof ChannelSourceError ? error.message : 'The channel could not be read',
      );
    }
  },
};
