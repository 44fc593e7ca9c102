import { resourceSchema } from '../../../server/plugin-api';
import type { ChannelResource, VideoResource } from '../common/channels-contract';
import type { ChannelRecord, VideoRecord } from './channel-repository';

/** A channel and a channel's video as the API serves them (docs/product-contract.md#calls "External channels"), and their response schemas. */
export const channelSchema = resourceSchema('externalChannel', {
  name: { type: 'string' },
  provider: { type: 'string' },
  sourceUrl: { type: 'string' },
  videosCount: { type: 'integer' },
  state: { type: 'string' },
  lastError: { type: ['string', 'null'] },
  reloadedAt: { type: ['string', 'null'] },
  createdAt: { type: 'string' },
  workspaceId: { type: 'string' },
});
export const videoSchema = resourceSchema('externalVideo', {
  externalChannelId: { type: 'string' },
  title: { type: 'string' },
  url: { type: 'string' },
  publishedAt: { type: ['string', 'null'] },
  durationMs: { type: ['integer', 'null'] },
  description: { type: ['string', 'null'] },
  thumbnailUrl: { type: ['string', 'null'] },
});

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function channelResource(row: ChannelRecord): ChannelResource {
  return {
    id: row.id,
    type: 'externalChannel',
    attributes: {
      name: row.name,
      provider: row.provider,
      sourceUrl: row.sourceUrl,
      videosCount: row.videosCount,
      state: row.state,
      lastError: row.lastError,
      reloadedAt: iso(row.reloadedAt),
      createdAt: iso(row.createdAt)!,
      workspaceId: row.workspaceId,
    },
  };
}

export function videoResource(row: VideoRecord): VideoResource {
  return {
    id: `${row.channelId}-${row.position}`,
    type: 'externalVideo',
    attributes: {
      externalChannelId: row.channelId,
      title: row.title,
      url: row.url,
      publishedAt: iso(row.publishedAt),
      durationMs: row.durationMs,
      description: row.description,
      thumbnailUrl: row.thumbnailUrl,
    },
  };
}
